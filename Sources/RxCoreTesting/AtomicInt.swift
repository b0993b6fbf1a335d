import Synchronization

/// A thread-safe `Int32` counter with the free-function API of RxSwift's internal `AtomicInt`.
///
/// RxSwift's own tests count concurrent calls with it, reaching RxSwift's copy through
/// `@testable import`; RxTest users' tests that copied those helpers compile against this one.
/// Each function returns the value held before the call.
public final class AtomicInt: Sendable {
    fileprivate let value: Mutex<Int32>

    /// A counter holding `value`.
    public init(_ value: Int32 = 0) {
        self.value = Mutex(value)
    }
}

/// Adds `value` to `atomic`; returns the value before.
@discardableResult
public func add(_ atomic: AtomicInt, _ value: Int32) -> Int32 {
    atomic.value.withLock { held in
        defer { held += value }
        return held
    }
}

/// The value `atomic` holds.
public func load(_ atomic: AtomicInt) -> Int32 {
    atomic.value.withLock { $0 }
}

/// Adds one to `atomic`; returns the value before.
@discardableResult
public func increment(_ atomic: AtomicInt) -> Int32 {
    add(atomic, 1)
}

/// Takes one from `atomic`; returns the value before.
@discardableResult
public func decrement(_ atomic: AtomicInt) -> Int32 {
    add(atomic, -1)
}
