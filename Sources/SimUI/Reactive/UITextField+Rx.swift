import RxCore

extension Reactive where Base: UITextField {
    /// The field's text: its current value on subscription, then the value
    /// after each editing event (what the user typed; setting `text` in code
    /// sends nothing, as in UIKit). Binding to it sets the text.
    public var text: ControlProperty<String?> {
        value
    }

    /// The field's text, as ``text``.
    public var value: ControlProperty<String?> {
        let values = base.actionEvents(for: [.allEditingEvents, .valueChanged], startWithCurrentValue: true) { control in
            (control as? UITextField)?.text
        }
        return ControlProperty(values: values, valueSink: Binder(base) { field, text in field.text = text })
    }
}
