/// A button: a tap sends `.touchUpInside` (and `.primaryActionTriggered`).
open class UIButton: UIControl {
    private var titles: [UInt: String] = [:]

    /// Creates a button with no title.
    public override init() {
        super.init()
    }

    /// Sets the title shown in `state` (only `.normal` is simulated).
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
    }

    /// The title for `state`.
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue]
    }

    /// The title shown now.
    public var currentTitle: String? { titles[UIControl.State.normal.rawValue] }

    /// Simulates the user tapping the button (nothing happens when it is
    /// disabled); work the tap queued on the main scheduler runs before it returns.
    open func tap() {
        guard isEnabled else { return }
        MainRunLoop.turn {
            sendActions(for: [.touchDown])
            sendActions(for: [.touchUpInside, .primaryActionTriggered])
        }
    }
}

extension UIControl {
    /// A control state, for state-dependent properties such as a button's title.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        /// Creates a state from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal state.
        public static let normal = State([])
        /// The highlighted state.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The disabled state.
        public static let disabled = State(rawValue: 1 << 1)
        /// The selected state.
        public static let selected = State(rawValue: 1 << 2)
    }
}
