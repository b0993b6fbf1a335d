import RxCore

/// How a sequence ended, with the elements it sent, as RxBlocking reports it.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` (`RxError.timeout` when it took too
    /// long) after sending `elements`.
    case failed(elements: [T], error: Swift.Error)
}

extension BlockingObservable {
    /// All elements once the sequence completes; throws its error.
    public func toArray() throws -> [Element] {
        try elementsOrThrow(materializeResult())
    }

    /// The first element, or `nil` when the sequence completes empty; the
    /// subscription ends as soon as the first element arrives.
    public func first() throws -> Element? {
        try elementsOrThrow(materializeResult(max: 1)).first
    }

    /// The last element once the sequence completes, or `nil` when it is empty.
    public func last() throws -> Element? {
        try elementsOrThrow(materializeResult()).last
    }

    /// The only element; throws `RxError.noElements` when there is none and
    /// `RxError.moreThanOneElement` at the second one.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only element satisfying `predicate`; throws `RxError.noElements`
    /// when none does and `RxError.moreThanOneElement` at the second one.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try elementsOrThrow(materializeResult(max: 2, predicate: predicate))
        if elements.count > 1 { throw RxError.moreThanOneElement }
        guard let first = elements.first else { throw RxError.noElements }
        return first
    }

    /// How the sequence ended and what it sent, without throwing.
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }

    private func elementsOrThrow(_ result: MaterializedSequenceResult<Element>) throws -> [Element] {
        switch result {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }
}
