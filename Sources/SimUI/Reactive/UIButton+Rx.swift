import RxCore

extension Reactive where Base: UIButton {
    /// The button's taps (`.touchUpInside`).
    public var tap: ControlEvent<Void> {
        controlEvent(.touchUpInside)
    }

    /// Sets the button's title for `state`.
    public func title(for state: UIControl.State = .normal) -> Binder<String?> {
        Binder(base) { button, title in button.setTitle(title, for: state) }
    }
}
