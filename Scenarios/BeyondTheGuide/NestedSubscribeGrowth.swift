import Leaks
import RxCore

extension BeyondTheGuide {
    /// `nested-subscribe-growth`: subscribing inside another subscription's
    /// closure adds one inner subscription per outer event, and the outer
    /// closure has no way to end the previous one.
    enum NestedSubscribeGrowth {
        /// A chat message.
        struct Message {
            let text: String
        }

        /// The chat backend: each chat's messages are a stream that never completes.
        final class ChatService {
            private let rooms: [String: BehaviorRelay<[Message]>]

            init(chats: [String]) {
                rooms = Dictionary(uniqueKeysWithValues: chats.map { ($0, BehaviorRelay<[Message]>(value: [])) })
            }

            func messages(in chat: String) -> Observable<[Message]> {
                rooms[chat].map { $0.asObservable() } ?? Observable.empty()
            }

            func post(_ text: String, in chat: String) {
                guard let room = rooms[chat] else { return }
                room.accept(room.value + [Message(text: text)])
            }
        }

        /// The chats tab's view model: the selected chat and its messages. It
        /// lives as long as the tab, that is, as the app.
        class ChatsViewModel {
            let selectedChat = BehaviorRelay<String?>(value: nil)
            let messages = BehaviorRelay<[Message]>(value: [])
            let disposeBag = DisposeBag()
            let service: ChatService

            init(service: ChatService) {
                self.service = service
            }

            /// The user opens `chat`, a message arrives, and the user goes back to the list of chats.
            func readChat(_ chat: String) {
                selectedChat.accept(chat)
                service.post("Hello from \(chat)", in: chat)
                selectedChat.accept(nil)
            }
        }

        /// Subscribes to the selected chat's messages inside the subscription to the selection.
        final class NestingChatsViewModel: ChatsViewModel {
            override init(service: ChatService) {
                super.init(service: service)
                selectedChat
                    .subscribe(onNext: { [weak self] chat in
                        guard let self, let chat else { return }
                        self.service.messages(in: chat)
                            .subscribe(onNext: { [weak self] messages in self?.messages.accept(messages) })
                            .disposed(by: self.disposeBag)
                    })
                    .disposed(by: disposeBag)
            }
        }

        /// Switches to the selected chat's messages with `flatMapLatest`.
        final class SwitchingChatsViewModel: ChatsViewModel {
            override init(service: ChatService) {
                super.init(service: service)
                selectedChat
                    .flatMapLatest { [service] chat in chat.map(service.messages(in:)) ?? Observable.just([]) }
                    .bind(to: messages)
                    .disposed(by: disposeBag)
            }
        }

        static let scenario = Scenario(
            id: "nested-subscribe-growth",
            title: "subscribe inside subscribe: one more inner subscription per outer event",
            guide: GuideReference(
                file: BeyondTheGuide.handbook, section: "Dispose bag",
                passage:
                    "In most instances you'll want to have a single dispose bag in the object that's setting up your "
                    + "Rx sequences. ... once it itself is about to be disposed, _it will clean up all of your resources "
                    + "beforehand_."),
            explanation: """
                The inner subscription goes into the view model's bag, which ends it only when the view model goes \
                away; the outer closure cannot end the previous inner subscription when the next event comes. The \
                chats view model lives as long as the app, so every chat the user ever opened keeps a subscription to \
                its messages, each of them writing into `messages` when its chat changes, long after the user left it. \
                `[weak self]` on both closures keeps anything from being retained, which is why nothing looks wrong.
                """,
            fix: """
                Let an operator manage the inner subscription: `selectedChat.flatMapLatest { ... }.bind(to: messages)` \
                ends the previous chat's subscription when the selection changes.
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking, expect: .subscriptionGrowth(perRepetition: 1),
                    host: { NestingChatsViewModel(service: ChatService(chats: ["general", "random"])) }
                ) { _, chats in
                    chats.readChat("general")
                },
                Variant(
                    "fixed", role: .fixed, expect: .clean,
                    host: { SwitchingChatsViewModel(service: ChatService(chats: ["general", "random"])) }
                ) { _, chats in
                    chats.readChat("general")
                },
            ])
    }
}
