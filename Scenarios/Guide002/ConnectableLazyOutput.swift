import Foundation
import Leaks
import RxCore
import SimUI

extension Guide002 {
    /// `connectable-lazy-output`: `lazy var output = { transform(input: input) }()`
    /// stores what `transform` built on the view model itself, so any closure in
    /// that chain which holds the view model holds it from the view model: a
    /// retain cycle with no subscription involved.
    enum ConnectableLazyOutput {
        /// The search screen's input: the query the user types.
        struct SearchInput {
            let query = PublishSubject<String>()
        }

        /// The search screen's output: the titles found.
        struct SearchOutput {
            let results: Driver<[String]>
        }

        /// Searches the movie catalogue; answers at once.
        final class MovieSearchService {
            let catalogue = ["Blade Runner", "Blade Runner 2049", "The Matrix"]

            func search(_ query: String) -> Observable<[String]> {
                Observable.just(catalogue.filter { $0.lowercased().contains(query) })
            }
        }

        /// What both view models hold: the service they search and their input.
        class SearchModel {
            let service: MovieSearchService
            let input = SearchInput()

            init(service: MovieSearchService) {
                self.service = service
            }
        }

        /// The view model as the conventions write it, with a helper method
        /// handed to `map` by name.
        enum Leaking {
            final class SearchViewModel: SearchModel {
                lazy var output: SearchOutput = { return transform(input: input) }()

                func normalized(_ query: String) -> String {
                    query.trimmingCharacters(in: .whitespaces).lowercased()
                }
            }
        }

        /// The same view model with the helper made static.
        enum Fixed {
            final class SearchViewModel: SearchModel {
                lazy var output: SearchOutput = { return transform(input: input) }()

                static func normalized(_ query: String) -> String {
                    query.trimmingCharacters(in: .whitespaces).lowercased()
                }
            }
        }

        /// The results of each query, as the screen shows them; shared by both
        /// view models, and holding the service, not the view model.
        static func results(of queries: Observable<String>, in service: MovieSearchService) -> Driver<[String]> {
            queries
                .flatMapLatest { query in service.search(query) }
                .asDriver(onErrorJustReturn: [])
        }

        /// The search screen, binding input and output through `ViewModelBindable`.
        final class SearchViewController<ViewModel: ReactiveConnectable>: UIViewController, ViewModelBindable
        where ViewModel.Input == SearchInput, ViewModel.Output == SearchOutput {
            typealias ViewModelType = ViewModel

            let viewModel: ViewModel
            let searchField = UITextField()
            let resultsLabel = UILabel()
            let disposeBag = DisposeBag()

            init(viewModel: ViewModel) {
                self.viewModel = viewModel
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(searchField)
                view.addSubview(resultsLabel)
                bind(to: viewModel)
            }

            func bind(to input: SearchInput) {
                searchField.rx.text.map { $0 ?? "" }
                    .bind(to: input.query)
                    .disposed(by: disposeBag)
            }

            func bind(to output: SearchOutput) {
                output.results.map { $0.joined(separator: ", ") }
                    .drive(resultsLabel.rx.text)
                    .disposed(by: disposeBag)
            }
        }

        /// The user opens the search, types a query, reads the results and closes the search.
        static func search<ViewModel: ReactiveConnectable & AnyObject>(with viewModel: ViewModel, scope: LeakScope)
        where ViewModel.Input == SearchInput, ViewModel.Output == SearchOutput {
            let screen = SearchViewController(viewModel: viewModel)
            UIWindow.showScreen(screen) {
                screen.searchField.enterText("blade ")
                scope.track(screen)
                scope.track(viewModel)
            }
        }

        static let scenario = Scenario(
            id: "connectable-lazy-output",
            title: "lazy var output = transform(input:) keeps every closure of the transform on the view model",
            guide: GuideReference(
                file: Guide002.file, section: "ReactiveConnectable",
                passage: "class ExampleViewModel { let input = Input(); lazy var output: Output = { return "
                    + "transform(input: input) }() } ... The `transform` function should only be called when "
                    + "initializing the `output` variable"),
            explanation: """
                The lazy initializer's closure runs once and is not kept, so `{ return transform(input: input) }()` \
                itself is harmless. What it returns is: the Output struct, stored on the view model, holds the whole \
                chain `transform` built, every operator with its closure. Handing `map` an instance method by name \
                (`map(normalized)`) makes a closure that holds self, so the view model holds its output, the output \
                holds the closure, and the closure holds the view model. No subscription is needed for the cycle, and \
                nothing the view controller disposes can break it. The cycle appears only once `output` is read: a \
                view model whose screen never bound it goes away.
                """,
            fix: """
                Keep self out of the closures `transform` builds: make helpers such as `normalized(_:)` static, and \
                capture dependencies rather than self (`let service = self.service`, or `[service]`).
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.cycle, types: ["SearchViewModel"], pattern: "method-reference-implicit-self")
                ) { scope in
                    search(with: Leaking.SearchViewModel(service: MovieSearchService()), scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    search(with: Fixed.SearchViewModel(service: MovieSearchService()), scope: scope)
                },
                Variant("output-never-read", role: .control, expect: .clean) { scope in
                    let viewModel = Leaking.SearchViewModel(service: MovieSearchService())
                    scope.track(viewModel)
                    viewModel.input.query.onNext("blade")
                },
            ])
    }
}

extension Guide002.ConnectableLazyOutput.Leaking.SearchViewModel: Guide002.ReactiveConnectable {
    func transform(input: Guide002.ConnectableLazyOutput.SearchInput) -> Guide002.ConnectableLazyOutput.SearchOutput {
        let queries = input.query.map(normalized)  // captures self
        return Guide002.ConnectableLazyOutput.SearchOutput(
            results: Guide002.ConnectableLazyOutput.results(of: queries, in: service))
    }
}

extension Guide002.ConnectableLazyOutput.Fixed.SearchViewModel: Guide002.ReactiveConnectable {
    func transform(input: Guide002.ConnectableLazyOutput.SearchInput) -> Guide002.ConnectableLazyOutput.SearchOutput {
        let queries = input.query.map(Self.normalized)
        return Guide002.ConnectableLazyOutput.SearchOutput(
            results: Guide002.ConnectableLazyOutput.results(of: queries, in: service))
    }
}
