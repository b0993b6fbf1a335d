/// A mutable value in a class, so that closures can share it and hold it weakly or unowned.
///
/// RxSwift keeps its own internal; its subject concurrency tests reach it through `@testable import RxSwift`,
/// and tests written that way compile against this one.
public final class RxMutableBox<T> {
    /// The wrapped value.
    public var value: T

    /// A box holding `value`.
    public init(_ value: T) {
        self.value = value
    }
}
