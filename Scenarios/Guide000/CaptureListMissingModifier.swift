import Leaks
import RxCore
import SimUI

// Guide 000, "Capture lists": escaping single properties.
//
//     input.openDetailsAction.subscribe(onNext: { [unowned wireframe, weak view] in
//         view?.hideLoading()
//         wireframe.navigate(to: .details)
//     })
//
// > Note: If you have multiple objects in a capture list, take care that you
// > always add `weak` or `unowned`.
//
// The orders screen opens an order's details when the user taps it.

extension Guide000 {
    static let captureListMissingModifier = Scenario(
        id: "capture-list-missing-modifier",
        title: "[unowned wireframe, view]: one name in the capture list lacks weak",
        guide: handbook(
            "Capture lists",
            "If you have multiple objects in a capture list, take care that you always add `weak` or `unowned`."),
        explanation: """
            `[unowned wireframe, view]` captures the view strongly: the modifier applies to one name only. The \
            view controller owns the button whose taps feed the subscription, so the button's action keeps the \
            block, the block keeps the view controller, and the view controller keeps the button and the presenter: \
            closing the screen leaves the whole module alive. A strongly captured wireframe is harmless here, because \
            the wireframe holds its view controller unowned.
            """,
        fix: "Write the modifier before every name: [unowned wireframe, weak view].",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(
                    .cycle, types: ["OrdersViewController", "OrdersPresenter"],
                    pattern: "capture-list-missing-modifier")
            ) { scope in
                OrdersWireframe.openDetailsAndClose(.strongView, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                OrdersWireframe.openDetailsAndClose(.unownedWireframeWeakView, in: scope)
            },
            Variant("strong-wireframe", role: .control, expect: .clean) { scope in
                OrdersWireframe.openDetailsAndClose(.strongWireframe, in: scope)
            },
        ])
}

enum Orders {
    struct ViewOutput {
        let openDetailsAction: Observable<Void>
    }

    struct ViewInput {}

    /// Where the app can go from the orders screen.
    enum Destination {
        case details
    }

    /// The capture list of the block that opens the details: the variants differ only here.
    enum CaptureList {
        /// `[unowned wireframe, view]`: the view is captured strongly.
        case strongView
        /// `[unowned wireframe, weak view]`, as the guide writes it.
        case unownedWireframeWeakView
        /// `[weak view, wireframe]`: the wireframe is captured strongly.
        case strongWireframe
    }
}

protocol OrdersViewInterface: AnyObject {
    func showLoading()
    func hideLoading()
}

protocol OrdersPresenterInterface: AnyObject {
    func configure(with output: Orders.ViewOutput) -> Orders.ViewInput
}

final class OrdersViewController: UIViewController, OrdersViewInterface {
    var presenter: OrdersPresenterInterface!
    let orderButton = UIButton()
    private(set) var isLoading = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(orderButton)
        let output = Orders.ViewOutput(openDetailsAction: orderButton.rx.tap.asObservable())
        _ = presenter.configure(with: output)
    }

    func showLoading() { isLoading = true }
    func hideLoading() { isLoading = false }
}

final class OrdersPresenter: OrdersPresenterInterface {
    private unowned let view: OrdersViewInterface
    private let wireframe: OrdersWireframe
    private let captureList: Orders.CaptureList
    private let disposeBag = DisposeBag()

    init(view: OrdersViewInterface, wireframe: OrdersWireframe, captureList: Orders.CaptureList) {
        self.view = view
        self.wireframe = wireframe
        self.captureList = captureList
    }

    func configure(with output: Orders.ViewOutput) -> Orders.ViewInput {
        handle(openDetails: output.openDetailsAction)
        return Orders.ViewInput()
    }

    private func handle(openDetails: Observable<Void>) {
        switch captureList {
        case .strongView:
            openDetails.subscribe(onNext: { [unowned wireframe, view] in
                view.hideLoading()
                wireframe.navigate(to: .details)
            })
            .disposed(by: disposeBag)
        case .unownedWireframeWeakView:
            openDetails.subscribe(onNext: { [unowned wireframe, weak view] in
                view?.hideLoading()
                wireframe.navigate(to: .details)
            })
            .disposed(by: disposeBag)
        case .strongWireframe:
            openDetails.subscribe(onNext: { [weak view, wireframe] in
                view?.hideLoading()
                wireframe.navigate(to: .details)
            })
            .disposed(by: disposeBag)
        }
    }
}

final class OrdersWireframe: BaseWireframe<OrdersViewController> {
    init(captureList: Orders.CaptureList) {
        let moduleViewController = OrdersViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = OrdersPresenter(
            view: moduleViewController, wireframe: self,
            captureList: captureList)
    }

    func navigate(to destination: Orders.Destination) {
        switch destination {
        case .details:
            let details = UIViewController()
            details.title = "Order details"
            navigationController?.pushViewController(details, animated: true)
        }
    }

    /// The user opens the orders, taps an order, comes back from its details,
    /// and leaves the orders.
    static func openDetailsAndClose(_ captureList: Orders.CaptureList, in scope: LeakScope) {
        let app = DemoApp()
        let wireframe = OrdersWireframe(captureList: captureList)
        let viewController = app.open(wireframe, tracking: scope) { $0.presenter }
        viewController.showLoading()
        viewController.orderButton.tap()
        app.goBack()
        app.goBack()
    }
}
