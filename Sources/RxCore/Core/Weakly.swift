/// `body` called with `object` while `object` lives, and a no-op once it is
/// gone. The `with:` forms of `subscribe`, `bind`, `drive` and `emit` wrap
/// their closures in it, so they hold `object` weakly as RxSwift's do; like
/// RxSwift's, the wrapper exists even when `body` is `nil` (an error then
/// goes nowhere rather than to ``Hooks/defaultErrorHandler``).
@usableFromInline
func weakly<Object: AnyObject, Value>(_ object: Object, _ body: ((Object, Value) -> Void)?) -> (Value) -> Void {
    { [weak object] value in
        guard let object else { return }
        body?(object, value)
    }
}

/// ``weakly(_:_:)`` for closures that receive only `object`.
@usableFromInline
func weakly<Object: AnyObject>(_ object: Object, _ body: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in
        guard let object else { return }
        body?(object)
    }
}
