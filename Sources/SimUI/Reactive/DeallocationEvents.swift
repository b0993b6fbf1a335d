import RxCore

/// An object that runs handlers when it is deinitialised: how reactive
/// extensions end their sequences when their object goes away (RxCocoa's
/// `take(until: rx.deallocated)`), without associated objects.
public protocol DeallocationObservable: AnyObject {
    /// Registers `handler` to run when the object is deinitialised; the
    /// handler must not capture the object strongly.
    func onDeallocation(_ handler: @escaping () -> Void)
}

extension UIView: DeallocationObservable {}
extension UIViewController: DeallocationObservable {}

extension DeallocationObservable {
    /// A sequence fed by `start`, which registers the observer with the object
    /// and returns how to unregister it; it completes when the object is
    /// deinitialised (or at once when it is gone already).
    func events<Element>(
        _ start: @escaping (Self, AnyObserver<Element>) -> (Self) -> Void
    ) -> Observable<Element> {
        Observable.create { [weak self] observer in
            guard let self else {
                observer.on(.completed)
                return Disposables.create()
            }
            let stop = start(self, observer)
            let watch = DeallocationWatch(observer: observer, lastElement: nil)
            onDeallocation { watch.objectDeallocated() }
            return Disposables.create { [weak self] in
                watch.dispose()
                if let self { stop(self) }
            }
        }
    }

    /// Sends one element and completes when the object is deinitialised.
    var deallocationEvent: Observable<Void> {
        Observable.create { [weak self] observer in
            let watch = DeallocationWatch(observer: observer, lastElement: ())
            guard let self else {
                watch.objectDeallocated()
                return Disposables.create()
            }
            onDeallocation { watch.objectDeallocated() }
            return watch
        }
    }
}

/// An observer waiting for an object's deallocation, silenced once disposed.
final class DeallocationWatch<Element>: Disposable {
    private var observer: AnyObserver<Element>?
    private let lastElement: Element?

    init(observer: AnyObserver<Element>, lastElement: Element?) {
        self.observer = observer
        self.lastElement = lastElement
    }

    func objectDeallocated() {
        guard let observer else { return }
        self.observer = nil
        if let lastElement { observer.on(.next(lastElement)) }
        observer.on(.completed)
    }

    func dispose() {
        observer = nil
    }
}
