import Foundation

#if !canImport(ObjectiveC)
// swift-corelibs-foundation's NotificationCenter is no NSObject, which gets `.rx` elsewhere.
extension NotificationCenter: ReactiveCompatible {}
#endif

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (any name when nil) posted by `object`
    /// (by anyone when nil), from subscription until disposal; it never ends.
    ///
    /// `object` is held weakly: a sender that goes away is not kept for the
    /// sequence's sake.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        let fromOneSender = object != nil
        return Observable.create { [weak object] observer in
            // A sender gone before subscription posts nothing; nil would mean every sender.
            if fromOneSender, object == nil { return Disposables.create() }
            let registration = center.addObserver(forName: name, object: object, queue: nil) { observer.onNext($0) }
            return Disposables.create { center.removeObserver(registration) }
        }
    }
}
