import Leaks
import RxCore
import SimUI

extension Guide004 {
    /// `pausable-steps`: the coordinator pauses a presentable's steps with
    /// `pausable(nextPresentable.rxVisible.startWith(true))`. Paused is not
    /// ended: built from `withLatestFrom`, the chain ends only with its source
    /// (the stepper) or when disposed, never because the pauser ended.
    enum PausableSteps {
        /// The coordinator keeping the steps subscription in its own bag, on the
        /// belief that the subscription ends when the screen goes away and its
        /// visibility sequence completes.
        final class CoordinatorBagStepsCoordinator: Coordinator {
            override func listen(to item: NextFlowItem) {
                let (nextPresentable, nextStepper) = (item.nextPresentable, item.nextStepper)
                nextPresentable.rxFirstTimeVisible.subscribe(onSuccess: {
                    [unowned self, unowned nextPresentable, unowned nextStepper] _ in
                    self.forwardSteps(of: nextStepper, whileVisible: nextPresentable).disposed(by: self.disposeBag)
                }).disposed(by: nextPresentable.disposeBag)
            }
        }

        /// The user opens a movie; a trailer covers the detail, during which the
        /// detail's view model steps to the cast (paused: nothing happens); the
        /// trailer ends, and the user goes back to the list.
        static func watchTrailer(in app: MoviesApp, scope: LeakScope) {
            app.flow.list.didSelectRow(0)
            app.waitForTransitions()
            app.trackScreensAboveTheList(in: scope)
            if let detail = app.flow.topScreen as? MovieDetailViewController {
                detail.present(TrailerViewController(), animated: true)
                detail.viewModel.showCast()
                detail.dismiss(animated: true)
            }
            app.flow.backToList()
        }

        static let scenario = Scenario(
            id: "pausable-steps",
            title: "Paused steps are not ended: pausable lives as long as the stepper, not the pauser",
            guide: GuideReference(
                file: Guide004.file, section: "Let's take a pause",
                passage: "return withLatestFrom(pauser) { element, paused in (element, paused) }.filter { _, paused in "
                    + "paused }.map { element, _ in element } ... nextStepper's Steps are paused when values from "
                    + "\"rxVisible\" Observable are false."),
            explanation: """
                `pausable` is withLatestFrom, filter and map. withLatestFrom ends when its source ends; when the \
                second sequence (the pauser) completes it only keeps its latest value. When the movie detail is \
                popped, its `rxVisible` completes on its last value, false, and its view model's relay simply goes \
                away without completing. A steps subscription kept in the coordinator's app-long bag therefore \
                never ends: one paused-forever subscription stays behind for every detail ever shown. In the \
                presentable's bag, as the article writes it, the subscription ends with the screen.
                """,
            fix: "Dispose the steps subscription with `nextPresentable.disposeBag`, as the article does.",
            variants: [
                Variant(
                    "leaking", role: .leaking, expect: .subscriptionGrowth(perRepetition: 1),
                    host: { MoviesApp.inUse(with: CoordinatorBagStepsCoordinator()) }
                ) { scope, app in
                    watchTrailer(in: app, scope: scope)
                },
                Variant(
                    "fixed", role: .fixed, expect: .clean,
                    host: { MoviesApp.inUse(with: PresentableBagCoordinator()) }
                ) { scope, app in
                    watchTrailer(in: app, scope: scope)
                },
            ])
    }
}
