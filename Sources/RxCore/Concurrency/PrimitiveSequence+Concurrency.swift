extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single whose element is what `work` returns, run in a task (`detached` or not, at `priority`)
    /// for each subscription; disposing cancels the task.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        .create { single in
            let operation: () async -> Void = {
                do { single(.success(try await work())) } catch { single(.failure(error)) }
            }
            let task =
                detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }

    /// The element, awaited: subscribes, and throws the single's error, or `CancellationError` when
    /// the task is cancelled or the subscription disposed first. The subscription is placed at the
    /// caller's `.value`.
    @_transparent
    public var value: Element {
        get async throws { try await value(site: .here()) }
    }

    /// `value` with the site its public form takes from its caller.
    @usableFromInline
    func value(site: CallSite) async throws -> Element {
        guard let element = try await firstOutcome(of: primitiveSequence.asObservable(), site: site) else {
            throw RxError.noElements
        }
        return element
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The element, or nil when the maybe completes empty; throws its error, or `CancellationError`
    /// when the task is cancelled or the subscription disposed first. The subscription is placed at
    /// the caller's `.value`.
    @_transparent
    public var value: Element? {
        get async throws { try await value(site: .here()) }
    }

    /// `value` with the site its public form takes from its caller.
    @usableFromInline
    func value(site: CallSite) async throws -> Element? {
        try await firstOutcome(of: primitiveSequence.asObservable(), site: site)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Returns when the completable completes; throws its error, or `CancellationError` when the
    /// task is cancelled or the subscription disposed first. The subscription is placed at the
    /// caller's `.value`.
    @_transparent
    public var value: Void {
        get async throws { try await value(site: .here()) }
    }

    /// `value` with the site its public form takes from its caller.
    @usableFromInline
    func value(site: CallSite) async throws {
        _ = try await firstOutcome(of: primitiveSequence.asObservable(), site: site)
    }
}

/// Subscribes to `source` and resumes once with its first element, nil for an empty completion,
/// its error, or `CancellationError` on disposal or task cancellation, whichever comes first; the
/// subscription is placed at `site`.
private func firstOutcome<Element>(of source: Observable<Element>, site: CallSite) async throws -> Element? {
    let subscription = SingleAssignmentDisposable()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            let hasResumed = Locked(false)
            let resumeOnce = { (outcome: Result<Element?, Swift.Error>) in
                if hasResumed.withLock({ resumed in
                    defer { resumed = true }; return !resumed
                }) {
                    continuation.resume(with: outcome)
                }
            }
            subscription.setDisposable(
                source.subscribe(
                    onNext: { resumeOnce(.success($0)) },
                    onError: { resumeOnce(.failure($0)) },
                    onCompleted: { resumeOnce(.success(nil)) },
                    onDisposed: { resumeOnce(.failure(CancellationError())) },
                    site: site
                ))
        }
    } onCancel: {
        subscription.dispose()
    }
}
