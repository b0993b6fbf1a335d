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
    /// the task is cancelled or the subscription disposed first.
    public var value: Element {
        get async throws {
            guard let element = try await firstOutcome(of: primitiveSequence.asObservable()) else {
                throw RxError.noElements
            }
            return element
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The element, or nil when the maybe completes empty; throws its error, or `CancellationError`
    /// when the task is cancelled or the subscription disposed first.
    public var value: Element? {
        get async throws {
            try await firstOutcome(of: primitiveSequence.asObservable())
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Returns when the completable completes; throws its error, or `CancellationError` when the
    /// task is cancelled or the subscription disposed first.
    public var value: Void {
        get async throws {
            _ = try await firstOutcome(of: primitiveSequence.asObservable())
        }
    }
}

/// Subscribes to `source` and resumes once with its first element, nil for an empty completion,
/// its error, or `CancellationError` on disposal or task cancellation, whichever comes first.
private func firstOutcome<Element>(of source: Observable<Element>) async throws -> Element? {
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
                    onDisposed: { resumeOnce(.failure(CancellationError())) }
                ))
        }
    } onCancel: {
        subscription.dispose()
    }
}
