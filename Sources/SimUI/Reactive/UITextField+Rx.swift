import RxCore

extension Reactive where Base: UITextField {
    /// The field's text: the current text on subscription, then after each
    /// editing event. Binding to it sets the text (only when it differs, as
    /// RxCocoa does), which sends no event.
    public var text: ControlProperty<String?> {
        value
    }

    /// The same as `text`, as RxCocoa names it too.
    public var value: ControlProperty<String?> {
        controlProperty(
            editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.text },
            setter: { field, text in
                if field.text != text { field.text = text }
            })
    }
}
