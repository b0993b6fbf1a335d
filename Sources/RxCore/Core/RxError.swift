/// RxSwift's errors, with the same cases.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// Unknown error.
    case unknown
    /// Subscribing to an object that was disposed.
    case disposed(object: AnyObject)
    /// An arithmetic overflow.
    case overflow
    /// An argument out of range.
    case argumentOutOfRange
    /// A sequence had no elements where one was required.
    case noElements
    /// A sequence had more than one element where one was required.
    case moreThanOneElement
    /// A `timeout` operator's time elapsed.
    case timeout

    public var debugDescription: String {
        switch self {
        case .unknown: "Unknown error occurred."
        case .disposed(let object): "Object `\(object)` was already disposed."
        case .overflow: "Arithmetic overflow occurred."
        case .argumentOutOfRange: "Argument out of range."
        case .noElements: "Sequence doesn't contain any elements."
        case .moreThanOneElement: "Sequence contains more than one element."
        case .timeout: "Sequence timeout."
        }
    }
}
