import Leaks
import RxCore

extension BeyondTheGuide {
    /// `ignored-disposable`: a subscription whose Disposable is dropped, on a
    /// source that never ends, lives as long as the source.
    enum IgnoredDisposable {
        /// App-wide events, alive as long as the app: what
        /// `NotificationCenter.default.rx.notification(UIApplication.didBecomeActiveNotification)` is on iOS.
        final class AppEvents {
            let didBecomeActive = PublishRelay<Void>()
        }

        /// The inbox backend: each fetch answers once and completes.
        final class InboxAPI {
            func fetchInbox() -> Observable<[String]> {
                Observable.just(["Welcome to your inbox"])
            }
        }

        /// The inbox's view model: messages, refreshed from the backend.
        class InboxViewModel {
            let messages = BehaviorRelay<[String]>(value: [])
            let disposeBag = DisposeBag()
            let api: InboxAPI

            init(api: InboxAPI) {
                self.api = api
            }

            func refresh() {
                api.fetchInbox().bind(to: messages).disposed(by: disposeBag)
            }
        }

        /// Refreshes whenever the app becomes active, and drops the subscription.
        final class ForgetfulInboxViewModel: InboxViewModel {
            init(api: InboxAPI, events: AppEvents) {
                super.init(api: api)
                _ = events.didBecomeActive
                    .subscribe(onNext: { [weak self] in self?.refresh() })
            }
        }

        /// Refreshes whenever the app becomes active, in its own bag.
        final class RefreshingInboxViewModel: InboxViewModel {
            init(api: InboxAPI, events: AppEvents) {
                super.init(api: api)
                events.didBecomeActive
                    .subscribe(onNext: { [weak self] in self?.refresh() })
                    .disposed(by: disposeBag)
            }
        }

        /// Loads the inbox once, and drops the subscription.
        final class LoadOnceInboxViewModel: InboxViewModel {
            init(api: InboxAPI, events: AppEvents) {
                super.init(api: api)
                _ = api.fetchInbox()
                    .subscribe(onNext: { [weak self] messages in self?.messages.accept(messages) })
            }
        }

        /// The user opens the inbox, switches to another app and back, and closes the inbox.
        static func openInbox(
            _ makeViewModel: (InboxAPI, AppEvents) -> InboxViewModel, events: AppEvents, scope: LeakScope
        ) {
            let viewModel = makeViewModel(InboxAPI(), events)
            events.didBecomeActive.accept(())
            scope.track(viewModel)
        }

        static let scenario = Scenario(
            id: "ignored-disposable",
            title: "A subscription's Disposable dropped on a source that never ends",
            guide: GuideReference(
                file: BeyondTheGuide.handbook, section: "Dispose bag",
                passage: "Disposable object will always be returned once you _subscribe_ to a particular Rx sequence. "
                    + "Dispose bag will store all the resources and, once it itself is about to be disposed, _it will "
                    + "clean up all of your resources beforehand_."),
            explanation: """
                `subscribe` returns the only handle that can end the subscription; `_ =` throws it away. Nothing then \
                ends the subscription but its source: a request that completes ends it at once, but the app's \
                "became active" events never end, so the subscription stays for as long as the app runs, one more \
                for every inbox ever opened. `[weak self]` keeps the view model from being retained, which hides the \
                problem: the closure still runs on every event, with self gone.
                """,
            fix: "Keep the Disposable: `.disposed(by: disposeBag)` with the view model's own bag.",
            variants: [
                Variant(
                    "leaking", role: .leaking, expect: .subscriptionGrowth(perRepetition: 1),
                    host: { AppEvents() }
                ) { scope, events in
                    openInbox(ForgetfulInboxViewModel.init, events: events, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean, host: { AppEvents() }) { scope, events in
                    openInbox(RefreshingInboxViewModel.init, events: events, scope: scope)
                },
                Variant("completing-request", role: .control, expect: .clean, host: { AppEvents() }) { scope, events in
                    openInbox(LoadOnceInboxViewModel.init, events: events, scope: scope)
                },
            ])
    }
}
