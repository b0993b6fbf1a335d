import Leaks
import RxCore
import SimUI

// Guide 000, "Subjects and Relays".
//
// > Last, but not least, if you need to pass subjects or relays as mentioned,
// > _do not store them as properties in child modules_ because that can
// > result with memory leaks.
//
// Checkout creates an address relay in its configure function and passes it
// to the address picker, which writes the user's choice into it and follows it.

extension Guide000 {
    static let storedSubjectInChild = Scenario(
        id: "stored-subject-in-child",
        title: "A child module stores the relay its parent passed it",
        guide: handbook(
            "Subjects and Relays",
            "if you need to pass subjects or relays as mentioned, _do not store them as properties in child modules_ because that can result with memory leaks."
        ),
        explanation: """
            The address picker keeps checkout's relay as a property and follows it with its own \
            `didChangeSelection`. The relay holds that subscription, the subscription holds the picker's presenter \
            (the method reference), and the presenter holds the relay: a cycle that outlives both screens, holding \
            the last address and every subscription on the relay. Passed into a handle function instead, and \
            followed with a weak capture, the relay is held only by the parent's bindings and goes away with them. \
            (RxSwift's subscriptions also hold their subject, so a strong capture would still close a cycle through \
            the presenter's bag.)
            """,
        fix:
            "Don't store the parent's relay: hand it to handle functions that capture self weakly, and keep only a Binder (which holds it weakly) for writing.",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(.cycle, types: ["AddressPickerPresenter"], pattern: "stored-subject-in-child")
            ) { scope in
                CheckoutWireframe.pickAddressAndClose(.storedRelay, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                CheckoutWireframe.pickAddressAndClose(.relayInHandleFunctions, in: scope)
            },
        ])
}

enum Checkout {
    struct ViewOutput {
        let pickAddress: Observable<Void>
    }

    struct ViewInput {
        let address: Observable<String>
    }

    static func title(for address: String?) -> String {
        address ?? "Choose an address"
    }
}

protocol CheckoutPresenterInterface: AnyObject {
    func configure(with output: Checkout.ViewOutput) -> Checkout.ViewInput
}

final class CheckoutViewController: UIViewController {
    var presenter: CheckoutPresenterInterface!
    let addressButton = UIButton()
    let addressLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(addressButton)
        view.addSubview(addressLabel)
        let input = presenter.configure(with: Checkout.ViewOutput(pickAddress: addressButton.rx.tap.asObservable()))
        input.address
            .bind(to: addressLabel.rx.text)
            .disposed(by: disposeBag)
    }
}

final class CheckoutPresenter: CheckoutPresenterInterface {
    private let wireframe: CheckoutWireframe
    private let disposeBag = DisposeBag()

    init(wireframe: CheckoutWireframe) {
        self.wireframe = wireframe
    }

    func configure(with output: Checkout.ViewOutput) -> Checkout.ViewInput {
        let addressRelay = BehaviorRelay<String?>(value: nil)
        handle(pickAddress: output.pickAddress, with: addressRelay)
        return Checkout.ViewInput(address: addressRelay.map(Checkout.title(for:)))
    }

    private func handle(pickAddress: Observable<Void>, with addressRelay: BehaviorRelay<String?>) {
        pickAddress
            .subscribe(onNext: { [unowned wireframe] in wireframe.openAddressPicker(selection: addressRelay) })
            .disposed(by: disposeBag)
    }
}

final class CheckoutWireframe: BaseWireframe<CheckoutViewController> {
    private let relayHandling: AddressPicker.RelayHandling

    init(relayHandling: AddressPicker.RelayHandling) {
        self.relayHandling = relayHandling
        let moduleViewController = CheckoutViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = CheckoutPresenter(wireframe: self)
    }

    func openAddressPicker(selection: BehaviorRelay<String?>) {
        let picker = AddressPickerWireframe(selection: selection, relayHandling: relayHandling)
        navigationController?.pushViewController(picker.viewController, animated: true)
    }

    /// The user opens checkout, picks an address, comes back, and leaves checkout.
    static func pickAddressAndClose(_ relayHandling: AddressPicker.RelayHandling, in scope: LeakScope) {
        let app = DemoApp()
        let checkout = app.open(CheckoutWireframe(relayHandling: relayHandling), tracking: scope) { $0.presenter }
        checkout.addressButton.tap()
        if let picker = app.navigation.topViewController as? AddressPickerViewController {
            scope.track(picker)
            scope.track(picker.presenter!)
            picker.addressesTable.selectRow(at: IndexPath(row: 0, section: 0))
        }
        app.goBack()
        app.goBack()
    }
}

enum AddressPicker {
    struct ViewOutput {
        let addressSelected: Observable<String?>
    }

    struct ViewInput {
        let isDoneEnabled: Observable<Bool>
    }

    /// What the picker does with checkout's relay: the variants differ only here.
    enum RelayHandling {
        /// Keeps it as a property.
        case storedRelay
        /// Hands it to handle functions, and keeps a binder for writing.
        case relayInHandleFunctions
    }
}

protocol AddressPickerPresenterInterface: AnyObject {
    func configure(with output: AddressPicker.ViewOutput) -> AddressPicker.ViewInput
}

final class AddressPickerViewController: UIViewController {
    var presenter: AddressPickerPresenterInterface!
    let addressesTable = UITableView()
    private let addresses = ["Ilica 1, Zagreb", "Riva 2, Split"]
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(addressesTable)
        addressesTable.register(UITableViewCell.self, forCellReuseIdentifier: "Address")
        Observable.just(addresses)
            .bind(to: addressesTable.rx.items(cellIdentifier: "Address")) { _, address, cell in
                cell.textLabel?.text = address
            }
            .disposed(by: disposeBag)
        let addressSelected = addressesTable.rx.itemSelected
            .map { [addresses] indexPath -> String? in addresses[indexPath.row] }
        _ = presenter.configure(with: AddressPicker.ViewOutput(addressSelected: addressSelected))
    }
}

final class AddressPickerPresenter: AddressPickerPresenterInterface {
    private let wireframe: AddressPickerWireframe
    private let selectionRelay: BehaviorRelay<String?>?
    private let selectAddress: Binder<String?>
    private(set) var hasSelection = false
    private let disposeBag = DisposeBag()

    init(
        wireframe: AddressPickerWireframe, selection: BehaviorRelay<String?>, relayHandling: AddressPicker.RelayHandling
    ) {
        self.wireframe = wireframe
        selectAddress = Binder(selection) { relay, address in relay.accept(address) }
        switch relayHandling {
        case .storedRelay:
            selectionRelay = selection
        case .relayInHandleFunctions:
            selectionRelay = nil
            handle(selectionChanges: selection)
        }
    }

    func configure(with output: AddressPicker.ViewOutput) -> AddressPicker.ViewInput {
        if let selectionRelay {
            output.addressSelected
                .bind(to: selectionRelay)
                .disposed(by: disposeBag)
            selectionRelay
                .subscribe(onNext: didChangeSelection)
                .disposed(by: disposeBag)
        } else {
            output.addressSelected
                .bind(to: selectAddress)
                .disposed(by: disposeBag)
        }
        return AddressPicker.ViewInput(isDoneEnabled: output.addressSelected.map { $0 != nil })
    }

    private func handle(selectionChanges: BehaviorRelay<String?>) {
        selectionChanges
            .subscribe(onNext: { [weak self] address in self?.didChangeSelection(address) })
            .disposed(by: disposeBag)
    }

    private func didChangeSelection(_ address: String?) {
        hasSelection = address != nil
    }
}

final class AddressPickerWireframe: BaseWireframe<AddressPickerViewController> {
    init(selection: BehaviorRelay<String?>, relayHandling: AddressPicker.RelayHandling) {
        let moduleViewController = AddressPickerViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = AddressPickerPresenter(
            wireframe: self, selection: selection,
            relayHandling: relayHandling)
    }
}
