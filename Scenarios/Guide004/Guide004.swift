import Leaks
import RxCore
import SimUI

/// The scenarios of guide 004, "RxFlow Part 3 - Tips and tricks", and the
/// small RxFlow they share: steps, steppers, presentables, a flow and the
/// coordinator whose nested subscriptions the article shows.
enum Guide004 {
    static let scenarios: [Scenario] = [
        StepperGlobalSubjectTable.scenario,
        CoordinatorNestedSubscriptions.scenario,
        PausableSteps.scenario,
    ]

    /// The guide document these scenarios cite.
    static let file = "004_5f21525755162746.txt"
}

extension Guide004 {
    // MARK: - Steps and steppers

    /// A navigation state that a stepper asks its flow to reach.
    protocol Step {}

    /// The step that asks for nothing: what a stepper holds before its first real step.
    struct NoStep: Step {}

    /// The steps of the movies app the scenarios navigate (RxFlow's demo app).
    enum MovieStep: Step {
        /// Show the list of movies.
        case moviesList
        /// Show the detail of the movie the user picked.
        case movieIsPicked(Movie)
        /// Show a movie's cast.
        case castIsPicked(movieID: Int)
        /// A deep link opened a movie's cast: the movie's detail and its cast are
        /// put on the navigation stack at once.
        case castIsDeepLinked(Movie)
    }

    /// A movie the list shows. A class, so that who keeps one alive is visible.
    final class Movie {
        let id: Int
        let title: String

        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// Something that emits the steps which drive navigation (the article's
    /// `Stepper` protocol). The classes below store the relay they emit through:
    /// how RxFlow does it since 2.0, and what `stepper-global-subject-table`
    /// shows is needed on Linux.
    protocol Stepper: AnyObject {
        /// The steps, as the coordinator listens to them.
        var steps: Observable<Step> { get }
    }

    /// A stepper that emits one step and completes, for screens that navigate
    /// no further (after RxFlow's `OneStepper`).
    final class OneStepper: Stepper {
        let singleStep: Step

        init(withSingleStep singleStep: Step) {
            self.singleStep = singleStep
        }

        var steps: Observable<Step> { Observable.just(singleStep) }
    }

    // MARK: - Presentables

    /// Something the coordinator shows and whose display it observes (RxFlow's
    /// `Presentable`, plus NSObject-Rx's `HasDisposeBag`).
    protocol Presentable: AnyObject {
        /// Whether the presentable is being displayed, every time that changes.
        var rxVisible: Observable<Bool> { get }
        /// Succeeds when the presentable is displayed for the first time.
        var rxFirstTimeVisible: Single<Void> { get }
        /// Succeeds when the presentable is dismissed.
        var rxDismissed: Single<Void> { get }
        /// The bag of the subscriptions that must end with the presentable.
        var disposeBag: DisposeBag { get }
    }

    /// A view controller that is a presentable, with the article's reactive
    /// extension of `UIViewController` (RxViewController's lifecycle events,
    /// which complete when the controller is deallocated, as RxCocoa's
    /// `sentMessage` does). Linux has no method swizzling to observe `dismiss`,
    /// so the controller reports its own dismissals.
    class PresentableViewController: UIViewController, Presentable {
        let disposeBag = DisposeBag()
        private let dismissCalls = PublishRelay<Bool>()

        override func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
            dismissCalls.accept(animated)
            super.dismiss(animated: animated, completion: completion)
        }

        /// Observable, triggered when the view is being dismissed.
        var dismissed: ControlEvent<Bool> {
            ControlEvent(events: dismissCalls.take(until: rx.deallocated))
        }

        var rxVisible: Observable<Bool> { rx.displayed }
        var rxFirstTimeVisible: Single<Void> { rx.firstTimeViewDidAppear }
        var rxDismissed: Single<Void> { dismissed.map { _ in Void() }.take(1).asSingle() }
    }

    // MARK: - Flows and the coordinator

    /// A presentable the flow has just shown, and the stepper whose steps it
    /// contributes (RxFlow's `NextFlowItem`).
    struct NextFlowItem {
        let nextPresentable: Presentable
        let nextStepper: Stepper
    }

    /// Where navigation happens: a flow turns steps into presentables (RxFlow's `Flow`).
    protocol Flow: AnyObject {
        /// What the flow shows, to put in a window.
        var root: UIViewController { get }
        /// Shows what `step` asks for and returns what it showed.
        func navigate(to step: Step) -> [NextFlowItem]
    }

    /// RxFlow's coordinator: it asks a flow to navigate for every step, and
    /// listens to the stepper of each presentable the flow shows, from the
    /// presentable's first display on. It lives as long as the app.
    class Coordinator {
        let disposeBag = DisposeBag()
        /// The steps of every stepper listened to, in order.
        let steps = PublishSubject<Step>()
        private var flows: [Flow] = []

        /// Drives `flow` with the steps of `stepper` and of what the flow shows.
        func coordinate(flow: Flow, with stepper: Stepper) {
            flows.append(flow)
            steps
                .map { [unowned flow] step in flow.navigate(to: step) }
                .subscribe(onNext: { [unowned self] nextFlowItems in
                    for item in nextFlowItems { self.listen(to: item) }
                })
                .disposed(by: disposeBag)
            stepper.steps
                .subscribe(onNext: { [unowned self] step in self.steps.onNext(step) })
                .disposed(by: disposeBag)
        }

        /// Navigates to `step` from outside any stepper, such as a deep link.
        func navigate(to step: Step) {
            steps.onNext(step)
        }

        /// Listens to the stepper of a presentable the flow has shown: the
        /// article's code. The scenarios' variants override it.
        func listen(to item: NextFlowItem) {
            let nextPresentable = item.nextPresentable
            let nextStepper = item.nextStepper
            nextPresentable.rxFirstTimeVisible.subscribe(onSuccess: {
                [
                    unowned self,
                    unowned nextPresentable,
                    unowned nextStepper
                ] _ in
                // we listen to the presentable's Stepper.
                // For each new Step value, we trigger a new navigation process
                self.forwardSteps(of: nextStepper, whileVisible: nextPresentable)
                    .disposed(by: nextPresentable.disposeBag)
            }).disposed(by: self.disposeBag)
        }

        /// The article's inner subscription: the stepper's steps become the
        /// coordinator's, paused while the presentable is not displayed (for
        /// instance when another presentable is above it).
        func forwardSteps(of nextStepper: Stepper, whileVisible nextPresentable: Presentable) -> Disposable {
            nextStepper.steps
                .pausable(nextPresentable.rxVisible.startWith(true))
                .asDriver(onErrorJustReturn: NoStep())
                .drive(onNext: { [unowned self] step in
                    // the nextPresentable's Stepper fires a new Step
                    self.steps.onNext(step)
                })
        }
    }

    /// The article's coordinator with the outer subscription disposed by the
    /// presentable's bag as well: both nested subscriptions end with the
    /// presentable, and the app-long coordinator's bag, which RxSwift never
    /// empties of finished subscriptions, does not grow with every screen shown.
    final class PresentableBagCoordinator: Coordinator {
        override func listen(to item: NextFlowItem) {
            let (nextPresentable, nextStepper) = (item.nextPresentable, item.nextStepper)
            nextPresentable.rxFirstTimeVisible.subscribe(
                onSuccess: { [unowned self, unowned nextPresentable, unowned nextStepper] _ in
                    self.forwardSteps(of: nextStepper, whileVisible: nextPresentable).disposed(
                        by: nextPresentable.disposeBag)
                },
                onFailure: { _ in
                    // Released before its first display: there is nothing to listen to.
                }
            ).disposed(by: nextPresentable.disposeBag)
        }
    }

    // MARK: - The movies app

    /// The movies list's view model: movies to show, and a step to the one picked.
    protocol MoviesListViewModelType: Stepper {
        var movies: [Movie] { get }
        func pick(movie: Movie)
    }

    /// The list's view model, emitting through a relay it stores.
    final class MoviesListViewModel: MoviesListViewModelType {
        let step = PublishRelay<Step>()
        let movies: [Movie]

        init(movies: [Movie]) {
            self.movies = movies
        }

        var steps: Observable<Step> { step.asObservable() }

        func pick(movie: Movie) {
            step.accept(MovieStep.movieIsPicked(movie))
        }
    }

    /// The list of movies.
    final class MoviesListViewController: PresentableViewController {
        let viewModel: MoviesListViewModelType

        init(viewModel: MoviesListViewModelType) {
            self.viewModel = viewModel
            super.init()
        }

        /// The user tapped the row at `row`.
        func didSelectRow(_ row: Int) {
            viewModel.pick(movie: viewModel.movies[row])
        }
    }

    /// A movie's detail: its view model steps to the cast.
    final class MovieDetailViewModel: Stepper {
        let step = PublishRelay<Step>()
        let movie: Movie

        init(movie: Movie) {
            self.movie = movie
        }

        var steps: Observable<Step> { step.asObservable() }

        func showCast() {
            step.accept(MovieStep.castIsPicked(movieID: movie.id))
        }
    }

    /// The detail screen of a movie.
    final class MovieDetailViewController: PresentableViewController {
        let viewModel: MovieDetailViewModel
        let titleLabel = UILabel()

        init(viewModel: MovieDetailViewModel) {
            self.viewModel = viewModel
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            titleLabel.text = viewModel.movie.title
            view.addSubview(titleLabel)
        }
    }

    /// A movie's cast: a leaf screen, whose stepper emits nothing more. The
    /// screen owns its stepper, as the coordinator's `unowned nextStepper`
    /// requires: a stepper nobody holds would be gone before the first display.
    final class CastViewController: PresentableViewController {
        let movieID: Int
        let stepper = OneStepper(withSingleStep: NoStep())

        init(movieID: Int) {
            self.movieID = movieID
            super.init()
        }
    }

    /// A trailer played full screen over the detail, covering it.
    final class TrailerViewController: UIViewController {
        override init() {
            super.init()
            modalPresentationStyle = .fullScreen
        }
    }

    /// The movies flow: a navigation stack with the list at its root.
    final class MoviesFlow: Flow {
        let navigationController: UINavigationController
        let list: MoviesListViewController

        init(listViewModel: MoviesListViewModelType) {
            list = MoviesListViewController(viewModel: listViewModel)
            navigationController = UINavigationController(rootViewController: list)
        }

        var root: UIViewController { navigationController }

        func navigate(to step: Step) -> [NextFlowItem] {
            guard let step = step as? MovieStep else { return [] }
            switch step {
            case .moviesList:
                return [NextFlowItem(nextPresentable: list, nextStepper: list.viewModel)]
            case .movieIsPicked(let movie):
                let detail = MovieDetailViewController(viewModel: MovieDetailViewModel(movie: movie))
                transition(to: navigationController.viewControllers + [detail])
                return [NextFlowItem(nextPresentable: detail, nextStepper: detail.viewModel)]
            case .castIsPicked(let movieID):
                let cast = CastViewController(movieID: movieID)
                transition(to: navigationController.viewControllers + [cast])
                return [NextFlowItem(nextPresentable: cast, nextStepper: cast.stepper)]
            case .castIsDeepLinked(let movie):
                let detail = MovieDetailViewController(viewModel: MovieDetailViewModel(movie: movie))
                let cast = CastViewController(movieID: movie.id)
                transition(to: [list, detail, cast])
                return [
                    NextFlowItem(nextPresentable: detail, nextStepper: detail.viewModel),
                    NextFlowItem(nextPresentable: cast, nextStepper: cast.stepper),
                ]
            }
        }

        /// UIKit calls a pushed screen's `viewDidAppear` when the transition
        /// ends, a run-loop turn after `navigate(to:)` returned, so the
        /// coordinator is listening by then. SimUI transitions at once; the flow
        /// starts its transitions on the main queue instead, and they run when
        /// the app's run loop turns (``MoviesApp/waitForTransitions()``).
        private func transition(to stack: [UIViewController]) {
            _ = MainScheduler.asyncInstance.schedule((navigationController, stack)) { navigationController, stack in
                navigationController.setViewControllers(stack, animated: true)
                return Disposables.create()
            }
        }

        /// The user went back to the list.
        func backToList() {
            navigationController.popToRootViewController(animated: true)
        }

        /// The screen on top of the navigation stack.
        var topScreen: UIViewController? { navigationController.topViewController }
    }

    /// The movies app once launched: a window showing the movies flow, driven
    /// by a coordinator that lives as long as the app.
    final class MoviesApp {
        let window = UIWindow()
        let coordinator: Coordinator
        let flow: MoviesFlow

        /// Launches the app: the coordinator first (as RxFlow's `Flows.whenReady`
        /// requires), then the window shows the flow's root.
        init(coordinator: Coordinator, listViewModel: MoviesListViewModelType) {
            self.coordinator = coordinator
            flow = MoviesFlow(listViewModel: listViewModel)
            coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: MovieStep.moviesList))
            window.rootViewController = flow.root
            window.makeKeyAndVisible()
            waitForTransitions()
        }

        /// The app launched with `coordinator` and the sample movies, in which
        /// the user has opened the first movie and come back to the list, as
        /// anyone who has used the app for a moment has: what a variant's host is.
        static func inUse(with coordinator: Coordinator) -> MoviesApp {
            let app = MoviesApp(coordinator: coordinator, listViewModel: MoviesListViewModel(movies: sampleMovies()))
            app.flow.list.didSelectRow(0)
            app.waitForTransitions()
            app.flow.backToList()
            return app
        }

        /// The main run loop turns: the flow's pending transitions run.
        func waitForTransitions() {
            MainScheduler.drain()
        }

        /// Closes the app's screens, releasing them.
        func quit() {
            window.rootViewController = nil
        }

        /// Tracks the screens above the list, and the view models of the movie
        /// details among them: each must go away once the user is back on the list.
        func trackScreensAboveTheList(in scope: LeakScope) {
            for screen in flow.navigationController.viewControllers.dropFirst() {
                scope.track(screen)
                if let detail = screen as? MovieDetailViewController { scope.track(detail.viewModel) }
            }
        }
    }

    /// The movies the scenarios' lists show.
    static func sampleMovies() -> [Movie] {
        [Movie(id: 78, title: "Blade Runner"), Movie(id: 603, title: "The Matrix")]
    }
}

extension Reactive where Base: UIViewController {
    /// Observable, triggered when the view has appeared for the first time.
    var firstTimeViewDidAppear: Single<Void> {
        viewDidAppear.map { _ in Void() }.take(1).asSingle()
    }

    /// Observable, triggered when the view appearance state changes.
    var displayed: Observable<Bool> {
        let viewDidAppearObs = viewDidAppear.map { _ in true }
        let viewWillDisappearObs = viewWillDisappear.map { _ in false }
        return Observable<Bool>.merge(viewDidAppearObs, viewWillDisappearObs)
    }
}

// MARK: - Pausing

extension ObservableType {
    /// Pauses the elements of the source observable sequence based on the
    /// latest element from the second observable sequence: elements are
    /// ignored unless the second sequence has most recently emitted `true`.
    /// The article's version, built from three RxSwift operators.
    func pausable<Pauser: ObservableType>(_ pauser: Pauser) -> Observable<Element> where Pauser.Element == Bool {
        withLatestFrom(pauser) { element, paused in
            (element, paused)
        }.filter { _, paused in
            paused
        }.map { element, _ in
            element
        }
    }
}
