import Leaks
import RxCore
import SimUI

// Guide 000, "Capture lists": capturing self implicitly.
//
//     class Presenter {
//         func doWork(model: Model) -> Observable<Workload> { ... }
//
//         func configure() {
//             interactor.apiCall()
//                 .flatMap(doWork(model:))
//                 .subscribe()
//                 .disposed(by: disposeBag)
//         }
//     }
//
// The dashboard turns every model the interactor publishes into a workload.

extension Guide000 {
    static let methodReferenceImplicitSelf = Scenario(
        id: "method-reference-implicit-self",
        title: "flatMap(doWork(model:)) captures self through a method reference",
        guide: handbook(
            "Capture lists",
            "we're calling a function that has an _inferred `self`_ [...] But this actually causes a retain cycle."),
        explanation: """
            `flatMap(doWork(model:))` passes an instance method, which is a closure over `self`. The flatMap sink \
            keeps it for as long as the subscription lives: the interactor's model relay never completes, the \
            subscription is in the presenter's bag, and the presenter owns the interactor and the bag. Closing the \
            dashboard leaves the presenter, its interactor and wireframe alive. On a request that completes, the same \
            method reference is released with the subscription.
            """,
        fix: "Make doWork(model:) static (a pure transformation) and pass DashboardPresenter.doWork(model:).",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(.cycle, types: ["DashboardPresenter"], pattern: "method-reference-implicit-self")
            ) { scope in
                DashboardWireframe.openAndClose(.instanceMethodOnModelUpdates, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                DashboardWireframe.openAndClose(.staticMethodOnModelUpdates, in: scope)
            },
            Variant("completing-request", role: .control, expect: .clean) { scope in
                DashboardWireframe.openAndClose(.instanceMethodOnRequest, in: scope)
            },
        ])
}

/// What the dashboard's API returns.
struct DashboardModel: Equatable {
    let tasks: [String]
}

/// What the dashboard shows for a model.
struct Workload: Equatable {
    let summary: String
}

enum Dashboard {
    struct ViewOutput {
        let reload: Observable<Void>
    }

    struct ViewInput {
        let workload: Observable<Workload>
    }

    /// How the presenter turns models into workloads: the variants differ only here.
    enum WorkloadMapping {
        /// `flatMap(doWork(model:))` on the interactor's never-ending model updates.
        case instanceMethodOnModelUpdates
        /// `flatMap(DashboardPresenter.doWork(model:))` on the model updates.
        case staticMethodOnModelUpdates
        /// `flatMap(doWork(model:))` on a request that completes.
        case instanceMethodOnRequest
    }
}

protocol DashboardPresenterInterface: AnyObject {
    func configure(with output: Dashboard.ViewOutput) -> Dashboard.ViewInput
}

final class DashboardViewController: UIViewController {
    var presenter: DashboardPresenterInterface!
    let reloadButton = UIButton()
    let summaryLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(reloadButton)
        view.addSubview(summaryLabel)
        let output = Dashboard.ViewOutput(reload: reloadButton.rx.tap.asObservable())
        let input = presenter.configure(with: output)
        input.workload
            .map { $0.summary }
            .bind(to: summaryLabel.rx.text)
            .disposed(by: disposeBag)
    }
}

final class DashboardInteractor {
    private let api: APIClient
    // The latest model, published to every screen that shows it.
    private let modelRelay = BehaviorRelay(value: DashboardModel(tasks: []))

    init(api: APIClient) {
        self.api = api
    }

    var modelUpdates: Observable<DashboardModel> {
        modelRelay.asObservable()
    }

    func apiCall() -> Observable<DashboardModel> {
        api.request(DashboardModel(tasks: ["review", "deploy"]))
    }

    func reload() -> Observable<DashboardModel> {
        apiCall().do(onNext: { [modelRelay] model in modelRelay.accept(model) })
    }
}

final class DashboardPresenter: DashboardPresenterInterface {
    private let interactor: DashboardInteractor
    private let wireframe: DashboardWireframe
    private let workloadMapping: Dashboard.WorkloadMapping
    private let workloadRelay = PublishRelay<Workload>()
    private let disposeBag = DisposeBag()

    init(interactor: DashboardInteractor, wireframe: DashboardWireframe, workloadMapping: Dashboard.WorkloadMapping) {
        self.interactor = interactor
        self.wireframe = wireframe
        self.workloadMapping = workloadMapping
    }

    func configure(with output: Dashboard.ViewOutput) -> Dashboard.ViewInput {
        handle(reload: output.reload)
        configure()
        return Dashboard.ViewInput(workload: workloadRelay.asObservable())
    }

    // A function that takes an API model and returns some output afterwards.
    func doWork(model: DashboardModel) -> Observable<Workload> {
        DashboardPresenter.doWork(model: model)
    }

    static func doWork(model: DashboardModel) -> Observable<Workload> {
        .just(Workload(summary: "\(model.tasks.count) tasks"))
    }

    private func configure() {
        switch workloadMapping {
        case .instanceMethodOnModelUpdates:
            interactor.modelUpdates
                .flatMap(doWork(model:))
                .bind(to: workloadRelay)
                .disposed(by: disposeBag)
        case .staticMethodOnModelUpdates:
            interactor.modelUpdates
                .flatMap(DashboardPresenter.doWork(model:))
                .bind(to: workloadRelay)
                .disposed(by: disposeBag)
        case .instanceMethodOnRequest:
            interactor.apiCall()
                .flatMap(doWork(model:))
                .bind(to: workloadRelay)
                .disposed(by: disposeBag)
        }
    }

    private func handle(reload: Observable<Void>) {
        reload
            .flatMap { [interactor] in interactor.reload() }
            .subscribe()
            .disposed(by: disposeBag)
    }
}

final class DashboardWireframe: BaseWireframe<DashboardViewController> {
    init(api: APIClient, workloadMapping: Dashboard.WorkloadMapping) {
        let moduleViewController = DashboardViewController()
        super.init(viewController: moduleViewController)
        let interactor = DashboardInteractor(api: api)
        moduleViewController.presenter = DashboardPresenter(
            interactor: interactor, wireframe: self,
            workloadMapping: workloadMapping)
    }

    /// The user opens the dashboard, reloads it, the server answers, and the user goes back.
    static func openAndClose(_ workloadMapping: Dashboard.WorkloadMapping, in scope: LeakScope) {
        let app = DemoApp()
        let wireframe = DashboardWireframe(api: app.api, workloadMapping: workloadMapping)
        let viewController = app.open(wireframe, tracking: scope) { $0.presenter }
        viewController.reloadButton.tap()
        app.api.respondToPendingRequests()
        app.goBack()
    }
}
