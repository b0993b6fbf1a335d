import Leaks
import RxCore
import SimUI

// What every guide-000 module stands on: the handbook's VIPER base classes,
// the app around a module, and a backend that answers when told to.

/// The wireframe base of the handbook's VIPER template: it builds the module
/// and holds its view controller `unowned`, strongly only until the first
/// access, so that the view controller (which owns the presenter, which owns
/// the wireframe) is what keeps the module alive.
class BaseWireframe<ViewController: UIViewController> {
    private unowned var _viewController: ViewController
    // Retains the view controller until someone (the navigation stack) takes it.
    private var temporaryStoredViewController: ViewController?

    init(viewController: ViewController) {
        temporaryStoredViewController = viewController
        _viewController = viewController
    }

    /// The module's view controller; the first access hands it over.
    var viewController: ViewController {
        defer { temporaryStoredViewController = nil }
        return _viewController
    }

    /// The navigation controller the module is shown in.
    var navigationController: UINavigationController? {
        viewController.navigationController
    }
}

/// A backend that answers requests when the variant body says the server
/// has answered, so that a request can outlive the screen that made it.
final class APIClient {
    /// When requests are answered.
    enum Timing {
        /// At once, while subscribing (a local store, a stubbed server).
        case immediately
        /// When ``respondToPendingRequests()`` is called.
        case whenTold
    }

    private let timing: Timing
    private var pending: [(id: Int, answer: () -> Void)] = []
    private var nextID = 0

    init(timing: Timing = .whenTold) {
        self.timing = timing
    }

    /// A request whose response is `response`; disposing it cancels it.
    func request<Response>(_ response: Response) -> Observable<Response> {
        Observable.create { [weak self] observer in
            let answer = {
                observer.on(.next(response))
                observer.on(.completed)
            }
            guard let self, timing == .whenTold else {
                answer()
                return Disposables.create()
            }
            nextID += 1
            let id = nextID
            pending.append((id, answer))
            return Disposables.create { [weak self] in self?.pending.removeAll { $0.id == id } }
        }
    }

    /// The number of requests waiting for an answer.
    var pendingCount: Int { pending.count }

    /// The server answers every request waiting, in order.
    func respondToPendingRequests() {
        let answers = pending
        pending = []
        for request in answers { request.answer() }
    }
}

/// The app around the module under test: a visible window showing a
/// navigation controller, and the backend.
final class DemoApp {
    let window = UIWindow()
    let navigation: UINavigationController
    let api: APIClient

    init(root: UIViewController = UIViewController(), api: APIClient = APIClient()) {
        navigation = UINavigationController(rootViewController: root)
        self.api = api
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }

    /// Opens a module on top of the stack.
    func push(_ viewController: UIViewController) {
        navigation.pushViewController(viewController, animated: true)
    }

    /// The user taps Back.
    func goBack() {
        navigation.popViewController(animated: true)
    }
}

extension DemoApp {
    /// Pushes the module `wireframe` built, after tracking its view
    /// controller, its presenter and the wireframe: each must be gone once
    /// the module is closed.
    func open<ViewController>(
        _ wireframe: BaseWireframe<ViewController>, tracking scope: LeakScope,
        presenter: (ViewController) -> AnyObject,
        file: StaticString = #fileID, line: UInt = #line
    ) -> ViewController {
        let viewController = wireframe.viewController
        scope.track(viewController, file: file, line: line)
        scope.track(presenter(viewController), file: file, line: line)
        scope.track(wireframe, file: file, line: line)
        push(viewController)
        return viewController
    }
}
