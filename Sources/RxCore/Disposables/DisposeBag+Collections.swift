import CRxCoreThread

// Each initialiser reads its return addresses itself (see `DisposeBag.init()`).
extension DisposeBag {
    /// A bag that already holds `disposables`.
    @inline(never)
    public convenience init(disposing disposables: Disposable...) {
        self.init(
            candidates: (
                CallSite(bits: UInt(crxcore_return_address())), CallSite(bits: UInt(crxcore_return_address_1()))
            ))
        insert(disposables)
    }

    /// A bag that already holds `disposables`.
    @inline(never)
    public convenience init(disposing disposables: [Disposable]) {
        self.init(
            candidates: (
                CallSite(bits: UInt(crxcore_return_address())), CallSite(bits: UInt(crxcore_return_address_1()))
            ))
        insert(disposables)
    }

    /// A bag holding the disposables the builder lists, one per line:
    /// `DisposeBag { a.subscribe(…); b.bind(to: c) }`.
    @inline(never)
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(
            candidates: (
                CallSite(bits: UInt(crxcore_return_address())), CallSite(bits: UInt(crxcore_return_address_1()))
            ))
        insert(builder())
    }

    /// Adds each of `disposables`, as `insert(_:)` does one.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds each of `disposables`, as `insert(_:)` does one.
    ///
    /// The subscription registry records this bag as the owner of the subscriptions among them, as
    /// it does for a single insertion.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { disposable.disposed(by: self) }
    }

    /// Adds the disposables the builder lists, one per line.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Collects the disposables written one per line in a `DisposeBag { … }` or `insert { … }` block.
    @resultBuilder
    public struct DisposableBuilder {
        /// The block's disposables, in order.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }
}
