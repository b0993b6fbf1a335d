import Synchronization

/// A thread-safe `Int32` counter with the free-function API of RxSwift's internal `AtomicInt`.
///
/// RxSwift's own tests count concurrent calls with it (`increment`, `decrement`, `globalLoad`),
/// compiling RxSwift's internal copy and its helpers into their test target; tests written that way
/// compile against this one. `increment` and `decrement` return the value held before the call.
public final class AtomicInt: Sendable {
    fileprivate let value: Mutex<Int32>

    /// A counter holding `value`.
    public init(_ value: Int32 = 0) {
        self.value = Mutex(value)
    }

    fileprivate func add(_ change: Int32) -> Int32 {
        value.withLock { held in
            defer { held += change }
            return held
        }
    }
}

/// Adds one to `atomic`; returns the value before.
@discardableResult
public func increment(_ atomic: AtomicInt) -> Int32 {
    atomic.add(1)
}

/// Takes one from `atomic`; returns the value before.
@discardableResult
public func decrement(_ atomic: AtomicInt) -> Int32 {
    atomic.add(-1)
}

/// The value `atomic` holds (the name of RxSwift's test helper for it).
public func globalLoad(_ atomic: AtomicInt) -> Int32 {
    atomic.value.withLock { $0 }
}
