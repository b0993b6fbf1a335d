import Leaks
import RxCore
import SimUI

// Guide 000, "Action Relay": the two-way relay's binders.
//
//     valueSink: Binder(self) { (_, input) in
//         // Need to retain self here
//         self.workInput.accept(input)
//     }
//
// The notification settings bind a switch to a two-way relay; the presenter
// saves every change and writes the result back.

extension Guide000 {
    static let bidirectionalRelayBinder = Scenario(
        id: "bidirectional-relay-binder",
        title: "Binder(self) with a block that retains self, copied into a view controller",
        guide: handbook(
            "Action Relay",
            "valueSink: Binder(self) { (_, input) in // Need to retain self here self.workInput.accept(input) }"),
        explanation: """
            The relay's binders retain the relay on purpose: it lives as long as a binding to it, and the \
            presenter's bag ends that binding. The view controller copies the pattern, `Binder(self) { (_, isOn) in \
            self.… }`, which defeats the binder's weak target: the relay's work input holds the view controller's \
            binding, the binding holds the view controller, and the view controller holds the presenter, whose bag \
            holds the relay through its own binding. Closing the screen leaves the module alive.
            """,
        fix:
            "Use the binder's target argument (Binder(self) { controller, isOn in controller… }) or bind to switch.rx.isOn.",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(
                    .cycle, types: ["NotificationSettingsViewController", "NotificationSettingsPresenter"],
                    pattern: "closure-strong-self")
            ) { scope in
                NotificationSettingsWireframe.toggleAndClose(.binderRetainingSelf, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                NotificationSettingsWireframe.toggleAndClose(.twoWayBinding, in: scope)
            },
        ])
}

enum NotificationSettings {
    struct ViewOutput {}

    struct ViewInput {
        let notifications: ControlProperty<Bool>
    }

    /// How the view binds the switch: the variants differ only here.
    enum SwitchBinding {
        /// A `Binder(self)` whose block uses `self`, as the relay's do.
        case binderRetainingSelf
        /// `switch.rx.isOn <-> input.notifications`.
        case twoWayBinding
    }
}

protocol NotificationSettingsPresenterInterface: AnyObject {
    func configure(with output: NotificationSettings.ViewOutput) -> NotificationSettings.ViewInput
}

final class NotificationSettingsViewController: UIViewController {
    var presenter: NotificationSettingsPresenterInterface!
    let notificationsSwitch = UISwitch()
    private let switchBinding: NotificationSettings.SwitchBinding
    private let disposeBag = DisposeBag()

    init(switchBinding: NotificationSettings.SwitchBinding) {
        self.switchBinding = switchBinding
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(notificationsSwitch)
        let input = presenter.configure(with: NotificationSettings.ViewOutput())
        switch switchBinding {
        case .binderRetainingSelf:
            input.notifications
                .bind(
                    to: Binder(self) { (_, isOn) in
                        // Need to retain self here
                        self.notificationsSwitch.isOn = isOn
                    }
                )
                .disposed(by: disposeBag)
            notificationsSwitch.rx.isOn.changed
                .bind(to: input.notifications)
                .disposed(by: disposeBag)
        case .twoWayBinding:
            (notificationsSwitch.rx.isOn <-> input.notifications)
                .disposed(by: disposeBag)
        }
    }
}

final class NotificationSettingsInteractor {
    private let api: APIClient

    init(api: APIClient) {
        self.api = api
    }

    func setNotifications(enabled: Bool) -> Observable<Bool> {
        api.request(enabled)
    }
}

final class NotificationSettingsPresenter: NotificationSettingsPresenterInterface {
    private let interactor: NotificationSettingsInteractor
    private let wireframe: NotificationSettingsWireframe
    private let disposeBag = DisposeBag()

    init(interactor: NotificationSettingsInteractor, wireframe: NotificationSettingsWireframe) {
        self.interactor = interactor
        self.wireframe = wireframe
    }

    func configure(with output: NotificationSettings.ViewOutput) -> NotificationSettings.ViewInput {
        let notificationsRelay = BidirectionalBehaviorRelay(value: false)
        handle(notifications: notificationsRelay.workProperty)
        return NotificationSettings.ViewInput(notifications: notificationsRelay.viewProperty)
    }

    private func handle(notifications: ControlProperty<Bool>) {
        notifications
            .flatMapLatest(interactor.setNotifications(enabled:))
            .bind(to: notifications)
            .disposed(by: disposeBag)
    }
}

final class NotificationSettingsWireframe: BaseWireframe<NotificationSettingsViewController> {
    init(api: APIClient, switchBinding: NotificationSettings.SwitchBinding) {
        let moduleViewController = NotificationSettingsViewController(switchBinding: switchBinding)
        super.init(viewController: moduleViewController)
        let interactor = NotificationSettingsInteractor(api: api)
        moduleViewController.presenter = NotificationSettingsPresenter(interactor: interactor, wireframe: self)
    }

    /// The user opens the settings, turns notifications on, the server
    /// confirms, and the user goes back.
    static func toggleAndClose(_ switchBinding: NotificationSettings.SwitchBinding, in scope: LeakScope) {
        let app = DemoApp()
        let settings = app.open(
            NotificationSettingsWireframe(api: app.api, switchBinding: switchBinding),
            tracking: scope
        ) { $0.presenter }
        settings.notificationsSwitch.toggle()
        app.api.respondToPendingRequests()
        app.goBack()
    }
}
