import Leaks
import RxCore
import SimUI

// Guide 000, "Action Relay".
//
// > * Interact with a switch
// > * Switch triggers an API call that returns a result
// > * Result interacts with the switch again
// > * Switch triggers an API call that returns a result
// > * ...
// >
// > Note: By calling the `setOn(_: Bool, animated: Bool)` function
// > programatically, switch will once again call the _valueChanged_ event
// > causing the issue.
//
// The privacy settings save the location-sharing switch; the settings store
// answers at once.

extension Guide000 {
    static let switchFeedbackLoop = Scenario(
        id: "switch-feedback-loop",
        title: "A switch whose saved value is set back with setOn(_:animated:) loops",
        guide: handbook(
            "Action Relay",
            "By calling the `setOn(_: Bool, animated: Bool)` function programatically, switch will once again call the _valueChanged_ event causing the issue."
        ),
        explanation: """
            The switch's changes go to the settings store, and the stored value comes back through a relay to \
            `setOn(_:animated:)`, which sends `.valueChanged` again: the change is saved again, comes back again, \
            and so on, each round inside the previous one, until the simulated UI refuses to nest deliveries deeper \
            (on a device, until the stack overflows). Setting `isOn` (what `rx.isOn` does when bound to) sends no \
            event, and the guide's two-way relay binds the switch that way.
            """,
        fix:
            "Bind the result to switch.rx.isOn (it sets isOn, which sends no event), e.g. through the guide's BidirectionalBehaviorRelay.",
        variants: [
            Variant("leaking", role: .leaking, expect: .runawayReentrancy) { scope in
                PrivacySettingsWireframe.toggleAndClose(.setOnAnimated, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                PrivacySettingsWireframe.toggleAndClose(.bidirectionalRelay, in: scope)
            },
            Variant("bound-to-isOn", role: .control, expect: .clean) { scope in
                PrivacySettingsWireframe.toggleAndClose(.relayBoundToIsOn, in: scope)
            },
        ])
}

enum PrivacySettings {
    struct ViewOutput {
        let locationSharing: ControlProperty<Bool>
    }

    struct ViewInput {
        let locationSharing: Observable<Bool>
    }

    /// How the saved value gets back to the switch: the variants differ here.
    enum Feedback {
        /// A relay, shown with `setOn(_:animated:)`.
        case setOnAnimated
        /// The same relay, bound to `switch.rx.isOn`.
        case relayBoundToIsOn
        /// The guide's `BidirectionalBehaviorRelay`, bound both ways to `switch.rx.isOn`.
        case bidirectionalRelay
    }
}

protocol PrivacySettingsPresenterInterface: AnyObject {
    func configure(with output: PrivacySettings.ViewOutput) -> PrivacySettings.ViewInput
    func bindTwoWay(_ locationSharing: ControlProperty<Bool>) -> Disposable
}

final class PrivacySettingsViewController: UIViewController {
    var presenter: PrivacySettingsPresenterInterface!
    let locationSwitch = UISwitch()
    private let feedback: PrivacySettings.Feedback
    private let disposeBag = DisposeBag()

    init(feedback: PrivacySettings.Feedback) {
        self.feedback = feedback
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(locationSwitch)
        switch feedback {
        case .setOnAnimated:
            presenter.configure(with: PrivacySettings.ViewOutput(locationSharing: locationSwitch.rx.isOn))
                .locationSharing
                .subscribe(onNext: { [unowned self] isOn in self.locationSwitch.setOn(isOn, animated: true) })
                .disposed(by: disposeBag)
        case .relayBoundToIsOn:
            presenter.configure(with: PrivacySettings.ViewOutput(locationSharing: locationSwitch.rx.isOn))
                .locationSharing
                .bind(to: locationSwitch.rx.isOn)
                .disposed(by: disposeBag)
        case .bidirectionalRelay:
            presenter.bindTwoWay(locationSwitch.rx.isOn)
                .disposed(by: disposeBag)
        }
    }
}

final class PrivacySettingsInteractor {
    private let store: APIClient

    init(store: APIClient) {
        self.store = store
    }

    func saveLocationSharing(_ enabled: Bool) -> Observable<Bool> {
        store.request(enabled)
    }
}

final class PrivacySettingsPresenter: PrivacySettingsPresenterInterface {
    private let interactor: PrivacySettingsInteractor
    private let wireframe: PrivacySettingsWireframe
    private let disposeBag = DisposeBag()

    init(interactor: PrivacySettingsInteractor, wireframe: PrivacySettingsWireframe) {
        self.interactor = interactor
        self.wireframe = wireframe
    }

    func configure(with output: PrivacySettings.ViewOutput) -> PrivacySettings.ViewInput {
        let locationSharingRelay = BehaviorRelay(value: false)
        handle(locationSharing: output.locationSharing.changed.asObservable(), with: locationSharingRelay)
        return PrivacySettings.ViewInput(locationSharing: locationSharingRelay.asObservable())
    }

    func bindTwoWay(_ locationSharing: ControlProperty<Bool>) -> Disposable {
        let locationSharingRelay = BidirectionalBehaviorRelay(value: false)
        locationSharingRelay.workProperty
            .flatMapLatest(interactor.saveLocationSharing)
            .bind(to: locationSharingRelay.workProperty)
            .disposed(by: disposeBag)
        return locationSharing <-> locationSharingRelay.viewProperty
    }

    private func handle(locationSharing: Observable<Bool>, with relay: BehaviorRelay<Bool>) {
        locationSharing
            .flatMapLatest(interactor.saveLocationSharing)
            .bind(to: relay)
            .disposed(by: disposeBag)
    }
}

final class PrivacySettingsWireframe: BaseWireframe<PrivacySettingsViewController> {
    init(store: APIClient, feedback: PrivacySettings.Feedback) {
        let moduleViewController = PrivacySettingsViewController(feedback: feedback)
        super.init(viewController: moduleViewController)
        let interactor = PrivacySettingsInteractor(store: store)
        moduleViewController.presenter = PrivacySettingsPresenter(interactor: interactor, wireframe: self)
    }

    /// The user opens the privacy settings, turns location sharing on, and goes back.
    static func toggleAndClose(_ feedback: PrivacySettings.Feedback, in scope: LeakScope) {
        let app = DemoApp(api: APIClient(timing: .immediately))
        let settings = app.open(PrivacySettingsWireframe(store: app.api, feedback: feedback), tracking: scope) {
            $0.presenter
        }
        settings.locationSwitch.toggle()
        app.goBack()
    }
}
