import Leaks
import RxCore

extension BeyondTheGuide {
    /// `values-loop-keeps-owner`: a task looping over the async `values` of a relay its object keeps, capturing
    /// that object strongly, keeps it for ever: the relay that could end the loop is reachable only from the task.
    enum ValuesLoopKeepsOwner {
        /// A chat's view model: counts unread messages from a loop over its relay's values, in a task it keeps
        /// and cancels when it goes.
        class ChatViewModel {
            let messages = PublishRelay<String>()
            var unread = 0
            var task: Task<Void, Error>?

            init() {}

            deinit { task?.cancel() }
        }

        /// The loop holds `self` strongly: `deinit` never runs, and nothing else can reach the relay.
        final class LeakingChatViewModel: ChatViewModel {
            override init() {
                super.init()
                task = Task {
                    for try await _ in self.messages.values { self.unread += 1 }
                }
            }
        }

        /// The loop takes the relay and holds `self` only while it counts a message, so `deinit` runs and cancels
        /// the task.
        final class FixedChatViewModel: ChatViewModel {
            override init() {
                super.init()
                task = Task { [weak self, messages] in
                    for try await _ in messages.values {
                        guard let self else { return }
                        self.unread += 1
                    }
                }
            }
        }

        /// The user opens a chat and closes it.
        static func openChat(_ makeViewModel: () -> ChatViewModel, scope: LeakScope) {
            let viewModel = makeViewModel()
            scope.track(viewModel)
        }

        static let scenario = Scenario(
            id: "values-loop-keeps-owner",
            title: "A task looping over the values of a relay its captured object keeps",
            guide: GuideReference(
                file: BeyondTheGuide.handbook, section: "Capture lists",
                passage: "Generally, if you aren't sure whether your object will outlive the async operation, use "
                    + "`weak`."),
            explanation: """
                `for try await message in self.messages.values` subscribes to the relay and suspends the task \
                between messages. The task's closure holds the view model strongly, the view model keeps the relay, \
                and the relay keeps the subscription that would resume the task: once the chat closes, nothing \
                outside can reach the relay, the loop never resumes nor ends, and the `deinit` that would cancel the \
                task never runs.
                """,
            fix:
                "Capture `[weak self, messages]`, loop over `messages.values` and `guard let self` inside the loop: "
                + "the view model goes, its `deinit` cancels the task, which disposes the subscription.",
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.retainedFromOutside, types: ["LeakingChatViewModel"], pattern: nil)
                ) { scope in
                    openChat(LeakingChatViewModel.init, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    openChat(FixedChatViewModel.init, scope: scope)
                },
            ])
    }
}
