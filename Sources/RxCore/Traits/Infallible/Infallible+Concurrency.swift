extension InfallibleType {
    /// The elements as an asynchronous sequence, which ends when the sequence
    /// completes. Iterating subscribes; cancelling the iterating task disposes
    /// the subscription.
    public var values: AsyncStream<Element> {
        AsyncStream { continuation in
            let subscription = subscribe(
                onNext: { continuation.yield($0) },
                onCompleted: { continuation.finish() },
                onDisposed: { continuation.finish() })
            continuation.onTermination = { @Sendable termination in
                if case .cancelled = termination { subscription.dispose() }
            }
        }
    }
}
