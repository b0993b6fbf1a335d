import RxCore

extension Reactive where Base: UISwitch {
    /// The switch's state: the current value on subscription, then each
    /// `.valueChanged` (a user's flip, or ``UISwitch/setOn(_:animated:)``).
    /// Binding to it sets ``UISwitch/isOn``, which sends no event.
    public var isOn: ControlProperty<Bool> {
        value
    }

    /// The same as ``isOn``, as RxCocoa names it too.
    public var value: ControlProperty<Bool> {
        controlProperty(
            editingEvents: .valueChanged, getter: { $0.isOn },
            setter: { control, isOn in
                control.isOn = isOn
            })
    }
}
