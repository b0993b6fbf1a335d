extension ObservableConvertibleType {
    /// The elements as an `AsyncThrowingStream`, for `for try await` loops.
    ///
    /// Iterating subscribes; the stream ends with the sequence's completion or error, and throws
    /// `CancellationError` when the subscription is disposed before either. Cancelling the iterating
    /// task disposes the subscription, which is placed at the caller's `.values`.
    @_transparent
    public var values: AsyncThrowingStream<Element, Swift.Error> { values(site: .here()) }

    /// `values` with the site its public form takes from its caller.
    @usableFromInline
    func values(site: CallSite) -> AsyncThrowingStream<Element, Swift.Error> {
        AsyncThrowingStream { continuation in
            let hasEnded = Locked(false)
            let endOnce = { (end: () -> Void) in
                if hasEnded.withLock({ ended in
                    defer { ended = true }; return !ended
                }) {
                    end()
                }
            }
            let subscription = asObservable().subscribe(
                onNext: { continuation.yield($0) },
                onError: { error in endOnce { continuation.finish(throwing: error) } },
                onCompleted: { endOnce { continuation.finish() } },
                onDisposed: { endOnce { continuation.finish(throwing: CancellationError()) } },
                site: site
            )
            continuation.onTermination = { @Sendable termination in
                if case .cancelled = termination { subscription.dispose() }
            }
        }
    }
}

extension AsyncSequence {
    /// An observable that iterates this sequence in a detached task of `priority` for each
    /// subscription: its elements, then completion, or its error.
    ///
    /// Disposing cancels the task; a `CancellationError` from the sequence completes the observable.
    /// The observable is placed at the caller's `asObservable`, as `Observable.create` is.
    @_transparent
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        asObservable(priority: priority, site: .here())
    }

    /// `asObservable(priority:)` with the site its public form takes from its caller.
    @usableFromInline
    func asObservable(priority: TaskPriority?, site: CallSite) -> Observable<Element> {
        Observable.create(
            { observer in
                let task = Task.detached(priority: priority) {
                    do {
                        for try await element in self { observer.onNext(element) }
                        observer.onCompleted()
                    } catch is CancellationError {
                        observer.onCompleted()
                    } catch {
                        observer.onError(error)
                    }
                }
                return Disposables.create { task.cancel() }
            }, site: site)
    }
}
