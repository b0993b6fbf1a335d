import RxCore

extension UIView: ReactiveCompatible {}

extension Reactive where Base: UIView {
    /// Sends one element and completes when the view is deinitialised, as
    /// RxCocoa's `rx.deallocated` does; completes at once for a view that is
    /// already gone.
    public var deallocated: Observable<Void> {
        base.deallocationEvent
    }

    /// Hides or shows the view.
    public var isHidden: Binder<Bool> {
        Binder(base) { view, hidden in view.isHidden = hidden }
    }
}
