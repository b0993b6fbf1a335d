import Foundation

/// An event of a sequence: an element, or its termination by error or completion.
///
/// A sequence sends any number of `next` events followed by at most one
/// terminal event (`error` or `completed`), after which it sends nothing.
@frozen public enum Event<Element> {
    /// The next element.
    case next(Element)
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence finished.
    case completed
}

extension Event {
    /// Whether this is `error` or `completed`.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// The element of a `next` event.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event.
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// The same event with its element transformed; an error thrown by
    /// `transform` becomes an `error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Events are equal when their kinds and elements are; errors compare by
    /// domain and code, as RxTest does.
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let a), .next(let b)): a == b
        case (.completed, .completed): true
        case (.error(let a), .error(let b)): errorsMatch(a, b)
        default: false
        }
    }
}

/// Errors match when they bridge to the same domain and code, as in RxTest.
func errorsMatch(_ a: Swift.Error, _ b: Swift.Error) -> Bool {
    let a = a as NSError, b = b as NSError
    return a.domain == b.domain && a.code == b.code
}

extension Event: Sendable where Element: Sendable {}
