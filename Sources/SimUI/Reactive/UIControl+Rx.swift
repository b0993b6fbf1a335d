import RxCore

extension Reactive where Base: UIControl {
    /// The control's `events` as a sequence. The control holds the action
    /// that feeds the subscription, so the subscription lives until it is
    /// disposed or the control goes away, which completes it (as RxCocoa's
    /// `ControlTarget` with `take(until: deallocated)`).
    public func controlEvent(_ events: UIControl.Event) -> ControlEvent<Void> {
        ControlEvent(events: base.actionEvents(for: events) { _ in () })
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
