extension DisposeBag {
    /// A bag that already holds `disposables`.
    public convenience init(disposing disposables: Disposable..., file: StaticString = #fileID, line: UInt = #line) {
        self.init(disposing: disposables, file: file, line: line)
    }

    /// A bag that already holds `disposables`.
    public convenience init(disposing disposables: [Disposable], file: StaticString = #fileID, line: UInt = #line) {
        self.init(file: file, line: line)
        insert(disposables)
    }

    /// A bag holding the disposables the builder lists, one per line:
    /// `DisposeBag { a.subscribe(…); b.bind(to: c) }`.
    public convenience init(
        file: StaticString = #fileID, line: UInt = #line,
        @DisposableBuilder builder: () -> [Disposable]
    ) {
        self.init(disposing: builder(), file: file, line: line)
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
