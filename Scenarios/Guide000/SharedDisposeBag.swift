import Leaks
import RxCore
import SimUI

// Guide 000, "Capture lists" and "Dispose bag": sending a bag to another object.
//
// > it's fine to use `unowned` since we're certain that the `disposeBag` won't
// > outlive the presenter—unless another object retained the `disposeBag`.
// > Generally, you shouldn't be sending dispose bags between different objects
// > unless you want to make your life harder.
//
// The shop screen stays on display; it opens a product's details and hands
// them its own dispose bag, so the details' subscriptions live as long as the shop.

extension Guide000 {
    static let sharedDisposeBag = Scenario(
        id: "shared-dispose-bag",
        title: "A child module subscribes into its parent's dispose bag",
        guide: handbook(
            "Capture lists",
            "it's fine to use `unowned` since we're certain that the `disposeBag` won't outlive the presenter—unless another object retained the `disposeBag`."
        ),
        explanation: """
            The shop hands its dispose bag to the product details, which put their cart subscription in it. The \
            details close, but the bag is the shop's: the subscription keeps running on the shop's cart for as long \
            as the shop is on screen, one more each time the user opens a product. With `[unowned self]`, which the \
            rule of thumb allows for a bag the presenter owns, the next cart change after closing the details reads \
            a deallocated presenter and crashes.
            """,
        fix: "Give the details their own DisposeBag; then [unowned self] is safe again.",
        variants: [
            Variant(
                "leaking", role: .leaking, expect: .subscriptionGrowth(perRepetition: 1),
                host: { ShopApp(bagPassing: .shopsBag, badgeCapture: .weakSelf) }
            ) { scope, app in
                app.openProductAndComeBack(tracking: scope)
            },
            Variant(
                "unowned-capture", role: .leaking,
                expect: .crash(reason: "unowned reference read after deallocation"),
                host: { ShopApp(bagPassing: .shopsBag, badgeCapture: .unownedSelf) }
            ) { scope, app in
                app.openProductAndComeBack(tracking: scope)
            },
            Variant(
                "fixed", role: .fixed, expect: .clean,
                host: { ShopApp(bagPassing: .ownBag, badgeCapture: .unownedSelf) }
            ) { scope, app in
                app.openProductAndComeBack(tracking: scope)
            },
        ])
}

/// The shopping cart.
struct Cart: Equatable {
    var products: [String] = []
}

enum Shop {
    struct ViewOutput {
        let addToCart: Observable<Void>
        let openProduct: Observable<Void>
    }

    struct ViewInput {
        let cartBadge: Observable<String>
    }

    /// Whether the shop hands its bag to the details: the variants differ here.
    enum BagPassing {
        case shopsBag
        case ownBag
    }

    static func badge(for cart: Cart) -> String {
        "\(cart.products.count)"
    }
}

protocol ShopPresenterInterface: AnyObject {
    func configure(with output: Shop.ViewOutput) -> Shop.ViewInput
}

final class ShopViewController: UIViewController {
    var presenter: ShopPresenterInterface!
    let addToCartButton = UIButton()
    let productButton = UIButton()
    let cartBadgeLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        [addToCartButton, productButton, cartBadgeLabel].forEach(view.addSubview)
        let output = Shop.ViewOutput(
            addToCart: addToCartButton.rx.tap.asObservable(),
            openProduct: productButton.rx.tap.asObservable())
        presenter.configure(with: output).cartBadge
            .bind(to: cartBadgeLabel.rx.text)
            .disposed(by: disposeBag)
    }
}

final class ShopPresenter: ShopPresenterInterface {
    private let wireframe: ShopWireframe
    private let bagPassing: Shop.BagPassing
    private let disposeBag = DisposeBag()

    init(wireframe: ShopWireframe, bagPassing: Shop.BagPassing) {
        self.wireframe = wireframe
        self.bagPassing = bagPassing
    }

    func configure(with output: Shop.ViewOutput) -> Shop.ViewInput {
        let cartRelay = BehaviorRelay(value: Cart())
        handle(addToCart: output.addToCart, with: cartRelay)
        handle(openProduct: output.openProduct, cartChanges: cartRelay.asObservable())
        return Shop.ViewInput(cartBadge: cartRelay.map(Shop.badge(for:)))
    }

    private func handle(addToCart: Observable<Void>, with cartRelay: BehaviorRelay<Cart>) {
        addToCart
            .map { [cartRelay] in Cart(products: cartRelay.value.products + ["socks"]) }
            .bind(to: cartRelay)
            .disposed(by: disposeBag)
    }

    private func handle(openProduct: Observable<Void>, cartChanges: Observable<Cart>) {
        openProduct
            .subscribe(onNext: { [unowned self] in
                switch self.bagPassing {
                case .shopsBag:
                    self.wireframe.openProductDetails(cartChanges: cartChanges, disposeBag: self.disposeBag)
                case .ownBag:
                    self.wireframe.openProductDetails(cartChanges: cartChanges, disposeBag: nil)
                }
            })
            .disposed(by: disposeBag)
    }
}

final class ShopWireframe: BaseWireframe<ShopViewController> {
    private let badgeCapture: ProductDetails.BadgeCapture

    init(bagPassing: Shop.BagPassing, badgeCapture: ProductDetails.BadgeCapture) {
        self.badgeCapture = badgeCapture
        let moduleViewController = ShopViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = ShopPresenter(wireframe: self, bagPassing: bagPassing)
    }

    func openProductDetails(cartChanges: Observable<Cart>, disposeBag: DisposeBag?) {
        let details = ProductDetailsWireframe(
            cartChanges: cartChanges, disposeBag: disposeBag, badgeCapture: badgeCapture)
        navigationController?.pushViewController(details.viewController, animated: true)
    }
}

enum ProductDetails {
    struct ViewOutput {}

    struct ViewInput {
        let cartBadge: Observable<String>
    }

    /// How the details' cart subscription captures the presenter.
    enum BadgeCapture {
        case weakSelf
        case unownedSelf
    }
}

protocol ProductDetailsViewInterface: AnyObject {
    func showCartBadge(_ badge: String)
}

protocol ProductDetailsPresenterInterface: AnyObject {
    func configure(with output: ProductDetails.ViewOutput)
}

final class ProductDetailsViewController: UIViewController, ProductDetailsViewInterface {
    var presenter: ProductDetailsPresenterInterface!
    let cartBadgeLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(cartBadgeLabel)
        presenter.configure(with: ProductDetails.ViewOutput())
    }

    func showCartBadge(_ badge: String) {
        cartBadgeLabel.text = badge
    }
}

final class ProductDetailsPresenter: ProductDetailsPresenterInterface {
    private unowned let view: ProductDetailsViewInterface
    private let wireframe: ProductDetailsWireframe
    private let cartChanges: Observable<Cart>
    private let badgeCapture: ProductDetails.BadgeCapture
    // The shop's bag when the shop sends one, otherwise the presenter's own.
    private let disposeBag: DisposeBag

    init(
        view: ProductDetailsViewInterface, wireframe: ProductDetailsWireframe, cartChanges: Observable<Cart>,
        disposeBag: DisposeBag?, badgeCapture: ProductDetails.BadgeCapture
    ) {
        self.view = view
        self.wireframe = wireframe
        self.cartChanges = cartChanges
        self.disposeBag = disposeBag ?? DisposeBag()
        self.badgeCapture = badgeCapture
    }

    func configure(with output: ProductDetails.ViewOutput) {
        let badge = cartChanges.map(Shop.badge(for:))
        switch badgeCapture {
        case .weakSelf:
            badge
                .subscribe(onNext: { [weak self] badge in self?.view.showCartBadge(badge) })
                .disposed(by: disposeBag)
        case .unownedSelf:
            badge
                .subscribe(onNext: { [unowned self] badge in self.view.showCartBadge(badge) })
                .disposed(by: disposeBag)
        }
    }
}

final class ProductDetailsWireframe: BaseWireframe<ProductDetailsViewController> {
    init(cartChanges: Observable<Cart>, disposeBag: DisposeBag?, badgeCapture: ProductDetails.BadgeCapture) {
        let moduleViewController = ProductDetailsViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = ProductDetailsPresenter(
            view: moduleViewController, wireframe: self, cartChanges: cartChanges,
            disposeBag: disposeBag, badgeCapture: badgeCapture)
    }
}

/// The app with the shop on display: built before the leak check, it
/// outlives the product details the check opens and closes.
final class ShopApp {
    let app = DemoApp()
    let shop: ShopViewController
    private let shopWireframe: ShopWireframe

    init(bagPassing: Shop.BagPassing, badgeCapture: ProductDetails.BadgeCapture) {
        shopWireframe = ShopWireframe(bagPassing: bagPassing, badgeCapture: badgeCapture)
        shop = shopWireframe.viewController
        app.push(shop)
    }

    /// The user opens a product, comes back to the shop, and adds socks to the cart.
    func openProductAndComeBack(tracking scope: LeakScope) {
        shop.productButton.tap()
        if let details = app.navigation.topViewController as? ProductDetailsViewController {
            scope.track(details)
            scope.track(details.presenter!)
        }
        app.goBack()
        shop.addToCartButton.tap()
    }
}
