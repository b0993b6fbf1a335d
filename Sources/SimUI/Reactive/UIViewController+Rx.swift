import RxCore

extension UIViewController: ReactiveCompatible {}

extension Reactive where Base: UIViewController {
    /// Sends once the view has loaded.
    public var viewDidLoad: ControlEvent<Void> { ControlEvent(events: lifecycle(.viewDidLoad).map { _ in () }) }
    /// Sends `animated` after each `viewWillAppear`.
    public var viewWillAppear: ControlEvent<Bool> { lifecycle(.viewWillAppear) }
    /// Sends `animated` after each `viewDidAppear`.
    public var viewDidAppear: ControlEvent<Bool> { lifecycle(.viewDidAppear) }
    /// Sends `animated` after each `viewWillDisappear`.
    public var viewWillDisappear: ControlEvent<Bool> { lifecycle(.viewWillDisappear) }
    /// Sends `animated` after each `viewDidDisappear`.
    public var viewDidDisappear: ControlEvent<Bool> { lifecycle(.viewDidDisappear) }

    /// Sends one element and completes when the controller is deinitialised.
    public var deallocated: Observable<Void> {
        base.deallocationEvent
    }

    /// `animated` after each call of `event`'s method, until the controller
    /// goes away, which completes the sequence (as RxCocoa's `methodInvoked`).
    private func lifecycle(_ event: UIViewController.LifecycleEvent) -> ControlEvent<Bool> {
        ControlEvent(
            events: base.events { controller, observer in
                let key = controller.addLifecycleObserver { happened, animated in
                    if happened == event { observer.on(.next(animated)) }
                }
                return { controller in controller.removeLifecycleObserver(key) }
            })
    }
}
