import Leaks
import RxCore
import SimUI

extension Guide004 {
    /// `coordinator-nested-subscriptions`: the coordinator subscribes to each
    /// presentable's first display in its own, app-long bag, and inside that
    /// subscribes to the presentable's stepper in the presentable's bag. The
    /// outer closure waits in the coordinator's bag until the first display,
    /// which is why the article captures everything in it `unowned`.
    enum CoordinatorNestedSubscriptions {
        /// The article's code with `unowned` missing before one name of the
        /// capture list: the presentable is captured strongly.
        final class StrongCapturesCoordinator: Coordinator {
            override func listen(to item: NextFlowItem) {
                let (nextPresentable, nextStepper) = (item.nextPresentable, item.nextStepper)
                nextPresentable.rxFirstTimeVisible.subscribe(onSuccess: {
                    [unowned self, nextPresentable, unowned nextStepper] _ in
                    self.forwardSteps(of: nextStepper, whileVisible: nextPresentable).disposed(
                        by: nextPresentable.disposeBag)
                }).disposed(by: self.disposeBag)
            }
        }

        /// The same capture list, with the outer subscription in the
        /// presentable's bag too.
        final class StrongCapturesPresentableBagCoordinator: Coordinator {
            override func listen(to item: NextFlowItem) {
                let (nextPresentable, nextStepper) = (item.nextPresentable, item.nextStepper)
                nextPresentable.rxFirstTimeVisible.subscribe(onSuccess: {
                    [unowned self, nextPresentable, unowned nextStepper] _ in
                    self.forwardSteps(of: nextStepper, whileVisible: nextPresentable).disposed(
                        by: nextPresentable.disposeBag)
                }).disposed(by: nextPresentable.disposeBag)
            }
        }

        /// A deep link puts a movie's detail and its cast on the stack at once,
        /// so the detail is never displayed; then the user goes back to the list.
        static func followDeepLinkToCast(in app: MoviesApp, scope: LeakScope) {
            app.coordinator.navigate(to: MovieStep.castIsDeepLinked(Movie(id: 11, title: "Star Wars")))
            app.waitForTransitions()
            app.trackScreensAboveTheList(in: scope)
            app.flow.backToList()
        }

        /// The user opens the first movie of the list, which is displayed, and goes back.
        static func openFirstMovie(in app: MoviesApp, scope: LeakScope) {
            app.flow.list.didSelectRow(0)
            app.waitForTransitions()
            app.trackScreensAboveTheList(in: scope)
            app.flow.backToList()
        }

        static let scenario = Scenario(
            id: "coordinator-nested-subscriptions",
            title:
                "The coordinator's nested subscriptions: what the outer closure captures waits for the first display",
            guide: GuideReference(
                file: Guide004.file, section: "UIViewControllers made Reactive",
                passage:
                    "nextPresentable.rxFirstTimeVisible.subscribe(onSuccess: { [unowned self, unowned nextPresentable, "
                    + "unowned nextStepper] (_) in nextStepper.steps.pausable(nextPresentable.rxVisible.startWith(true))"
                    + "...disposed(by: nextPresentable.disposeBag) }).disposed(by: self.disposeBag)"),
            explanation: """
                The outer subscription waits for the presentable's first display. The article puts it in the \
                coordinator's bag, and the coordinator lives as long as the app; the subscription ends when the \
                presentable is displayed (the Single succeeds) or deallocated (its lifecycle sequences complete \
                and the Single fails). A presentable that is never displayed, such as the movie detail a deep \
                link stacks under the cast, keeps the outer closure waiting. Written `[unowned self, \
                nextPresentable, unowned nextStepper]`, the capture list holds the presentable strongly (and through \
                it its view model): from the coordinator's bag they never go away. Moved into the presentable's own bag, the same \
                closure closes a retain cycle instead (presentable, bag, subscription, closure, presentable) that \
                only the first display would break. With `unowned` on every name the detail dies when popped. \
                The fixed variant also disposes the outer subscription with the presentable's bag: RxSwift's \
                DisposeBag keeps every disposable it was given, finished ones included, until it is deallocated, \
                so in the app-long coordinator's bag the article's code leaves one finished subscription behind \
                for every screen ever shown.
                """,
            fix: """
                Write `unowned` (or `weak`) before every name in the capture list, \
                `[unowned self, unowned nextPresentable, unowned nextStepper]`, as the article does; and dispose both \
                nested subscriptions with the presentable's bag.
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(
                        .retainedFromOutside,
                        types: ["MovieDetailViewController", "MovieDetailViewModel"], pattern: nil),
                    host: { MoviesApp.inUse(with: StrongCapturesCoordinator()) }
                ) { scope, app in
                    followDeepLinkToCast(in: app, scope: scope)
                },
                Variant(
                    "fixed", role: .fixed, expect: .clean,
                    host: { MoviesApp.inUse(with: PresentableBagCoordinator()) }
                ) { scope, app in
                    followDeepLinkToCast(in: app, scope: scope)
                },
                Variant(
                    "strong-captures-presentable-bag", role: .leaking,
                    expect: .leak(
                        .cycle, types: ["MovieDetailViewController", "MovieDetailViewModel"],
                        pattern: "capture-list-missing-modifier"),
                    host: { MoviesApp.inUse(with: StrongCapturesPresentableBagCoordinator()) }
                ) { scope, app in
                    followDeepLinkToCast(in: app, scope: scope)
                },
                Variant(
                    "strong-captures-displayed", role: .control, expect: .clean,
                    host: { MoviesApp.inUse(with: StrongCapturesPresentableBagCoordinator()) }
                ) { scope, app in
                    openFirstMovie(in: app, scope: scope)
                },
            ])
    }
}
