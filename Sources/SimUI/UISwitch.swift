/// An on/off switch.
///
/// Setting ``isOn`` sends no event (as in UIKit), so a binding that sets it
/// cannot loop. ``setOn(_:animated:)`` sends `.valueChanged`, as the guide
/// warns ("By calling the `setOn(_: Bool, animated: Bool)` function
/// programatically, switch will once again call the _valueChanged_ event").
open class UISwitch: UIControl {
    /// Whether the switch is on; setting it sends no event.
    open var isOn = false

    /// Creates a switch that is off.
    public override init() {
        super.init()
    }

    /// Sets the switch and sends `.valueChanged`.
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        sendActions(for: .valueChanged)
    }

    /// Simulates the user flipping the switch (nothing happens when it is
    /// disabled); work the flip queued on the main scheduler runs before it returns.
    open func toggle() {
        guard isEnabled else { return }
        MainRunLoop.turn {
            isOn.toggle()
            sendActions(for: .valueChanged)
        }
    }
}
