import RxCore
import XCTest

// Trait events compare as the `Event`s they stand for, so errors match by
// domain and code exactly as `Event`'s do.

extension CompletableEvent: Equatable {
    /// Completable events are equal when their kinds are; errors compare by
    /// domain and code, as `Event`'s do.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        lhs.events == rhs.events
    }

    fileprivate var events: [Event<Int>] {
        switch self {
        case .completed: [.completed]
        case .error(let error): [.error(error)]
        }
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Maybe events are equal when their kinds and elements are; errors
    /// compare by domain and code, as `Event`'s do.
    public static func == (lhs: MaybeEvent, rhs: MaybeEvent) -> Bool {
        lhs.events == rhs.events
    }

    fileprivate var events: [Event<Element>] {
        switch self {
        case .success(let element): [.next(element), .completed]
        case .completed: [.completed]
        case .error(let error): [.error(error)]
        }
    }
}

/// Asserts two sequences of single events are equal, errors compared by
/// domain and code.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], file: StaticString = #file, line: UInt = #line
) {
    let events = { (event: SingleEvent<T>) -> [Event<T>] in
        switch event {
        case .success(let element): [.next(element), .completed]
        case .failure(let error): [.error(error)]
        }
    }
    guard lhs.map(events) != rhs.map(events) else { return }
    XCTFail("Sequences differ:\n\(lhs)\n\(rhs)", file: file, line: line)
}

/// Asserts two sequences of maybe events are equal; on failure prints both
/// and marks each differing position.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], file: StaticString = #file, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts two sequences of completable events are equal; on failure prints
/// both and marks each differing position.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #file, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}
