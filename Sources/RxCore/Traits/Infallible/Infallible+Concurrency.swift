extension InfallibleType {
    /// The elements as an asynchronous sequence, which ends when the sequence
    /// completes. Iterating subscribes; cancelling the iterating task disposes
    /// the subscription, which is placed at the caller's `.values`.
    @_transparent
    public var values: AsyncStream<Element> { values(site: .here()) }

    /// `values` with the site its public form takes from its caller.
    @usableFromInline
    func values(site: CallSite) -> AsyncStream<Element> {
        AsyncStream { continuation in
            let subscription = subscribe(
                onNext: { continuation.yield($0) },
                onCompleted: { continuation.finish() },
                onDisposed: { continuation.finish() },
                site: site)
            continuation.onTermination = { @Sendable termination in
                if case .cancelled = termination { subscription.dispose() }
            }
        }
    }
}
