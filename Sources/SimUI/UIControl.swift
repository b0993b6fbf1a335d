/// A control: it keeps actions registered for events and runs them when the
/// events are sent, by a simulated touch or by ``sendActions(for:)``.
///
/// Actions are held strongly by the control (as `UIAction`s are in UIKit);
/// targets added with ``addTarget(_:action:for:)`` are held weakly.
///
/// Actions that send events which run actions again (a switch bound to a
/// request whose answer sets the switch, which sends `.valueChanged`...)
/// would recurse without end and overflow the stack. The control refuses to
/// nest deliveries deeper than ``maximumDeliveryDepth`` and counts the refusals
/// in ``refusedDeliveries``; the runaway then shows up in RxCore as
/// re-entrant delivery diagnostics of the subjects on the loop.
open class UIControl: UIView {
    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        /// Creates a set of events from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch lifted inside the control: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The control's value changed (a switch flipped).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Editing began in a text field.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed by editing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text field.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// All editing events.
        public static let allEditingEvents: Event = [
            .editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit,
        ]
        /// All events.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How deeply deliveries may nest before the control refuses to send more.
    public static let maximumDeliveryDepth = 32

    /// How deeply deliveries nest on this thread right now; the simulated main
    /// thread runs everything synchronously, so one counter serves all controls.
    @TaskLocal static var deliveryDepth = 0

    private struct Registration {
        let action: UIAction
        let events: Event
    }

    private var registrations: [Registration] = []

    /// Whether the control responds to simulated touches; ``sendActions(for:)``
    /// sends regardless, as in UIKit.
    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// How many deliveries this control refused because they nested deeper
    /// than ``maximumDeliveryDepth``.
    public private(set) var refusedDeliveries = 0

    /// Creates a control with no actions.
    public override init() {
        super.init()
    }

    /// Runs `action` whenever one of `events` is sent; the control holds it strongly.
    open func addAction(_ action: UIAction, for events: Event) {
        registrations.append(Registration(action: action, events: events))
    }

    /// Stops running `action` for `events`.
    open func removeAction(_ action: UIAction, for events: Event) {
        registrations.removeAll { $0.action === action && $0.events == events }
    }

    /// Calls `action` on `target` whenever one of `events` is sent, as long as
    /// `target` is alive: the control holds it weakly, like a target-action pair.
    ///
    /// ```swift
    /// toggle.addTarget(self, action: SettingsViewController.toggleChanged, for: .valueChanged)
    /// ```
    open func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (UIControl) -> Void, for events: Event
    ) {
        addAction(
            UIAction(target: target) { [weak target] control in
                guard let target else { return }
                action(target)(control)
            }, for: events)
    }

    /// Removes the target-action pairs of `target` (all targets when nil) for `events`.
    open func removeTarget(_ target: AnyObject?, for events: Event) {
        registrations.removeAll { registration in
            registration.events == events && registration.action.target != nil
                && (target == nil || registration.action.target === target)
        }
    }

    /// The number of actions registered for any of `events`.
    public func actionCount(for events: Event) -> Int {
        registrations.filter { !$0.events.isDisjoint(with: events) }.count
    }

    /// Runs, in registration order, every action registered for one of `events`.
    open func sendActions(for events: Event) {
        let depth = Self.deliveryDepth
        guard depth < Self.maximumDeliveryDepth else {
            refusedDeliveries += 1
            return
        }
        let actions = registrations.filter { !$0.events.isDisjoint(with: events) }.map(\.action)
        Self.$deliveryDepth.withValue(depth + 1) {
            for action in actions { action.handler(self) }
        }
    }
}

/// An action a control runs when an event is sent.
public final class UIAction {
    /// A name for the action.
    public let title: String
    let handler: (UIControl) -> Void
    /// The target of a target-action pair, held weakly.
    weak var target: AnyObject?

    /// An action that runs `handler` with the control that sent the event.
    public init(title: String = "", handler: @escaping (UIControl) -> Void) {
        self.title = title
        self.handler = handler
    }

    init(target: AnyObject, handler: @escaping (UIControl) -> Void) {
        self.title = ""
        self.handler = handler
        self.target = target
    }
}
