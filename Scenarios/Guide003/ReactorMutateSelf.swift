import Leaks
import RxCore
import SimUI

extension Guide003 {
    /// `reactor-mutate-self`: the article's reactor reads `self.currentState`
    /// inside `mutate`'s `concat`. Read while `mutate` runs, as the article
    /// does, nothing keeps `self`; read later, from a closure inside the
    /// returned sequence, the reactor's own state stream keeps that closure, and
    /// the closure keeps the reactor, for as long as the request it waits for.
    enum ReactorMutateSelf {
        /// A post of jsonplaceholder.typicode.com.
        struct ResponseObject: Equatable {
            var userId: Int
            var title: String
            var body: String
            var id: Int
        }

        /// jsonplaceholder.typicode.com, simulated: a request waits for the
        /// server to answer it (``answerAll()``), and a server that never answers
        /// (the screen was closed offline) leaves the request waiting.
        final class JsonPlaceholderAPI {
            private var waiting: [(id: Int, response: PublishSubject<(statusCode: Int, post: ResponseObject?)>)] = []

            /// `requestData(.get, "\(baseUrl)\(id)")`: the status code and the decoded post.
            func requestData(postID: Int) -> Observable<(statusCode: Int, post: ResponseObject?)> {
                let response = PublishSubject<(statusCode: Int, post: ResponseObject?)>()
                waiting.append((postID, response))
                return response.asObservable()
            }

            /// The server answers every waiting request.
            func answerAll() {
                let answering = waiting
                waiting = []
                for (id, response) in answering {
                    response.onNext((200, ResponseObject(userId: 1, title: "Post \(id)", body: "…", id: id)))
                    response.onCompleted()
                }
            }
        }

        /// The article's `JsonPlaceholerTestReactorView`: a button adds the next post to a table.
        class JsonPlaceholderReactor: Reactor {
            enum Action {
                case addButtonTapped
            }

            enum Mutation {
                case showActivity, hideActivity
                case updateIdentifier(Int)
                case successWithData(ResponseObject), errorRequest
            }

            struct State: Equatable {
                var load: Bool = false
                var responseObject: [ResponseObject] = []
                var currentIdentifier: Int = 0
                var error: Bool = false

                static func == (lhs: State, rhs: State) -> Bool {
                    lhs.responseObject == rhs.responseObject
                }
            }

            let initialState = State()
            let storage = ReactorStorage<Action, State>()
            let api: JsonPlaceholderAPI

            init(api: JsonPlaceholderAPI) {
                self.api = api
            }

            func mutate(action: Action) -> Observable<Mutation> {
                switch action {
                case .addButtonTapped:
                    return Observable.concat([
                        Observable.just(Mutation.showActivity),
                        Observable.just(Mutation.updateIdentifier(self.currentState.currentIdentifier + 1)),
                        makeRequest(with: self.currentState.currentIdentifier + 1),
                        Observable.just(Mutation.hideActivity),
                    ])
                }
            }

            func reduce(state: State, mutation: Mutation) -> State {
                var newState = state
                switch mutation {
                case .showActivity:
                    newState.load = true
                case .hideActivity:
                    newState.load = false
                case .updateIdentifier(let identifier):
                    newState.currentIdentifier = identifier
                case .errorRequest:
                    newState.error = true
                case .successWithData(let data):
                    var items = state.responseObject
                    items.append(data)
                    newState.responseObject = items
                }
                return newState
            }

            func makeRequest(with identifier: Int) -> Observable<Mutation> {
                let currentId = (identifier <= 0) || (identifier > 100) ? 1 : identifier
                return api.requestData(postID: currentId).map { response -> Mutation in
                    guard response.statusCode != 404, let post = response.post else { return Mutation.errorRequest }
                    return Mutation.successWithData(post)
                }
            }
        }

        /// The same reactor reading the identifier when the request starts, after
        /// `updateIdentifier` has been reduced, rather than when `mutate` runs.
        final class DeferredIdentifierReactor: JsonPlaceholderReactor {
            override func mutate(action: Action) -> Observable<Mutation> {
                switch action {
                case .addButtonTapped:
                    return Observable.concat([
                        Observable.just(Mutation.showActivity),
                        Observable.just(Mutation.updateIdentifier(self.currentState.currentIdentifier + 1)),
                        Observable.deferred {  // captures self
                            self.makeRequest(with: self.currentState.currentIdentifier)
                        },
                        Observable.just(Mutation.hideActivity),
                    ])
                }
            }
        }

        /// The screen: a button for the next post, an activity label and the table of posts.
        final class JsonPlaceholderViewController: UIViewController {
            let reactor: JsonPlaceholderReactor
            let disposeBag = DisposeBag()
            let nextPostButton = UIButton()
            let activityIndicator = UILabel()
            let tableView = UITableView()

            init(reactor: JsonPlaceholderReactor) {
                self.reactor = reactor
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
                [nextPostButton, activityIndicator, tableView].forEach(view.addSubview)
                bind(reactor: reactor)
            }

            func bind(reactor: JsonPlaceholderReactor) {
                nextPostButton.rx.tap.map { JsonPlaceholderReactor.Action.addButtonTapped }
                    .bind(to: reactor.action).disposed(by: disposeBag)

                reactor.state.map { !$0.load }.bind(to: activityIndicator.rx.isHidden).disposed(by: disposeBag)

                reactor.state.map { $0.responseObject }.distinctUntilChanged()
                    .bind(to: tableView.rx.items(cellIdentifier: "Cell")) { _, element, cell in
                        cell.textLabel?.text = element.title
                    }.disposed(by: disposeBag)
            }
        }

        /// The user opens the screen, taps "next post", the server answers or
        /// not (`answered`), and the user closes the screen.
        static func showNextPost(reactor: JsonPlaceholderReactor, answered: Bool, scope: LeakScope) {
            let screen = JsonPlaceholderViewController(reactor: reactor)
            UIWindow.showScreen(UINavigationController(rootViewController: screen)) {
                screen.nextPostButton.tap()
                if answered { reactor.api.answerAll() }
                scope.track(screen)
                scope.track(reactor)
            }
        }

        static let scenario = Scenario(
            id: "reactor-mutate-self",
            title: "A reactor's mutate reading self.currentState from a closure inside its concat",
            guide: GuideReference(
                file: Guide003.file, section: "ReactorKit",
                passage: "return Observable.concat([Observable.just(Mutation.showActivity), "
                    + "Observable.just(Mutation.updateIdentifier(self.currentState.currentIdentifier + 1)), "
                    + "makeRequest(with: self.currentState.currentIdentifier + 1), Observable.just(Mutation.hideActivity)])"
            ),
            explanation: """
                ReactorKit subscribes to what `mutate` returns inside the reactor's own state stream, whose \
                connection the reactor keeps for its whole life; its own closures hold the reactor weakly. The \
                article's `mutate` reads `self.currentState` while building the concat, so the sequence it returns \
                holds no reference to the reactor. Reading it later, from `Observable.deferred { self... }` (to get \
                the identifier after `updateIdentifier` was reduced), puts a closure that holds the reactor strongly \
                inside the reactor's state stream until the concat completes. While the request waits, the reactor \
                holds the stream, the stream holds the closure, and the closure holds the reactor: if the server never \
                answers (the user closed the screen offline, or the request is a stream that never completes), the \
                reactor never goes away. When the answer arrives, the concat completes and lets go of the closure.
                """,
            fix: """
                Read `currentState` while `mutate` runs, as the article does, or capture what the closure needs instead \
                of self: `Observable.deferred { [weak self] in ... }` returning `.empty()` once self is gone.
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.cycle, types: ["DeferredIdentifierReactor"], pattern: "closure-strong-self")
                ) { scope in
                    showNextPost(
                        reactor: DeferredIdentifierReactor(api: JsonPlaceholderAPI()), answered: false, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    showNextPost(
                        reactor: JsonPlaceholderReactor(api: JsonPlaceholderAPI()), answered: false, scope: scope)
                },
                Variant("request-answered", role: .control, expect: .clean) { scope in
                    showNextPost(
                        reactor: DeferredIdentifierReactor(api: JsonPlaceholderAPI()), answered: true, scope: scope)
                },
            ])
    }
}
