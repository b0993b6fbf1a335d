import Leaks
import RxCore
import SimUI
import Synchronization

extension Guide004 {
    /// `stepper-global-subject-table`: the article stores a stepper's subject
    /// "on the protocol" with `objc_setAssociatedObject`. Linux has no associated
    /// objects, so the straight port keeps the subject in a global table keyed by
    /// the stepper's identity, and nothing ever takes it out.
    enum StepperGlobalSubjectTable {
        /// The article's `Stepper`, ported to Linux as it stands: the `step`
        /// subject lives in ``subjectTable`` instead of an associated object.
        protocol Stepper: Guide004.Stepper {}

        /// The movies list's view model as the article writes steppers: it only
        /// conforms, and emits through the protocol's `step`.
        final class MoviesListViewModel: Stepper, MoviesListViewModelType {
            let movies: [Movie]

            init(movies: [Movie]) {
                self.movies = movies
            }

            func pick(movie: Movie) {
                step.onNext(MovieStep.movieIsPicked(movie))
            }
        }

        /// The user opens the movies, picks one, reads its detail, and closes the app's screens.
        static func pickAMovie(listViewModel: MoviesListViewModelType, scope: LeakScope) {
            let app = MoviesApp(coordinator: Coordinator(), listViewModel: listViewModel)
            let movie = listViewModel.movies[0]
            app.flow.list.didSelectRow(0)
            app.waitForTransitions()
            if let detail = app.flow.topScreen as? MovieDetailViewController {
                scope.track(detail)
                scope.track(detail.viewModel)
            }
            scope.track(movie)
            app.quit()
        }

        static let scenario = Scenario(
            id: "stepper-global-subject-table",
            title: "A stepper's subject stored \"on the protocol\" through a global table",
            guide: GuideReference(
                file: Guide004.file, section: "Protocols with stored properties ?",
                passage: "We use the \"objc_setAssociatedObject\" function to store a reference to a BehaviorSuject. "
                    + "Each time this property is accessed, we retrieved this stored reference (at the first call, "
                    + "the BehaviorSubject is created and associated to the subjectContext reference)."),
            explanation: """
                Swift protocol extensions cannot store properties, so the article stores each stepper's \
                BehaviorSubject as an associated object, which dies with the stepper. Linux has no associated \
                objects; the straight port keeps the subjects in a global table keyed by ObjectIdentifier(self). \
                The table cannot know when a stepper dies, so the subject outlives it for good, and with it the \
                last step it holds as its value (here the Movie the user picked). Worse, the allocator reuses \
                addresses: a new stepper allocated where a dead one lived has the same ObjectIdentifier and \
                inherits its subject, which replays the old step at once, so the reopened list navigates to the \
                old movie without a tap.
                """,
            fix: """
                Store the emitter in the class, as RxFlow does since 2.0: `let step = PublishRelay<Step>()` in each \
                stepper, with the protocol requiring only `steps`. There is no lifetime-correct "stored property on \
                a protocol" without associated objects.
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.retainedFromOutside, types: ["BehaviorSubject<Step>", "Movie"], pattern: nil)
                ) { scope in
                    let viewModel = MoviesListViewModel(movies: sampleMovies())
                    scope.track(viewModel.step)
                    scope.track(viewModel)
                    pickAMovie(listViewModel: viewModel, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    let viewModel = Guide004.MoviesListViewModel(movies: sampleMovies())
                    scope.track(viewModel.step)
                    scope.track(viewModel)
                    pickAMovie(listViewModel: viewModel, scope: scope)
                },
            ])
    }
}

/// What `objc_setAssociatedObject` becomes without the Objective-C runtime:
/// a table from a stepper's identity to its subject. Entries are added and
/// never removed, since nothing tells the table that a stepper died.
private let subjectTable = Mutex<[ObjectIdentifier: BehaviorSubject<Guide004.Step>]>([:])

extension Guide004.StepperGlobalSubjectTable.Stepper {
    /// The step in which to publish new Steps.
    var step: BehaviorSubject<Guide004.Step> {
        subjectTable.withLock { table in
            if let subject = table[ObjectIdentifier(self)] {
                return subject
            }
            let newSubject = BehaviorSubject<Guide004.Step>(value: Guide004.NoStep())
            table[ObjectIdentifier(self)] = newSubject
            return newSubject
        }
    }

    /// The Rx Observable that will trigger new Steps.
    var steps: Observable<Guide004.Step> {
        step.asObservable()
    }
}
