import RxCore

extension Reactive where Base: UIControl {
    /// The control's `events` as a sequence. The control holds the action
    /// that feeds the subscription, so the subscription lives until it is
    /// disposed or the control goes away, which completes it (as RxCocoa's
    /// `ControlTarget` with `take(until: deallocated)`).
    public func controlEvent(_ events: UIControl.Event) -> ControlEvent<Void> {
        ControlEvent(events: base.actionEvents(for: events) { _ in () })
    }

    /// A property of the control: subscribing sends `getter`'s value at once,
    /// then again whenever one of `editingEvents` is sent; binding to it calls
    /// `setter`, which sends no event. Built as RxCocoa's `controlProperty`.
    public func controlProperty<T>(
        editingEvents: UIControl.Event,
        getter: @escaping (Base) -> T,
        setter: @escaping (Base, T) -> Void
    ) -> ControlProperty<T> {
        let values = base.actionEvents(for: editingEvents, startWithCurrentValue: true) { control in
            getter(control as! Base)
        }
        return ControlProperty(values: values, valueSink: Binder(base, binding: setter))
    }

    /// Enables or disables the control.
    public var isEnabled: Binder<Bool> {
        Binder(base) { control, enabled in control.isEnabled = enabled }
    }

    /// Selects or deselects the control.
    public var isSelected: Binder<Bool> {
        Binder(base) { control, selected in control.isSelected = selected }
    }
}

extension UIControl {
    /// `read(self)` for each of `events` (and first for the current value when
    /// `startWithCurrentValue`), until disposed or the control goes away.
    func actionEvents<Element>(
        for events: Event, startWithCurrentValue: Bool = false, read: @escaping (UIControl) -> Element
    ) -> Observable<Element> {
        self.events { control, observer in
            if startWithCurrentValue { observer.on(.next(read(control))) }
            let action = UIAction(title: "rx") { sender in observer.on(.next(read(sender))) }
            control.addAction(action, for: events)
            return { control in control.removeAction(action, for: events) }
        }
    }
}
