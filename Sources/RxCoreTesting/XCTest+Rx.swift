import RxCore
import XCTest

/// Asserts two event sequences are equal; on failure prints both and marks
/// each differing position.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>], _ rhs: [Event<T>], file: StaticString = #file, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts two recorded event sequences are equal, times included; on failure
/// prints both and marks each differing position.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], file: StaticString = #file, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts two recorded sequences of optional elements are equal, times
/// included: RxTest's overload, which the one above also covers.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T?>>], _ rhs: [Recorded<Event<T?>>], file: StaticString = #file, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts that `stream` holds exactly `elements` as `next` events (terminal
/// events are ignored), times not compared.
public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #file, line: UInt = #line
) {
    let streamElements = stream.compactMap { $0.value.element }
    assertSequencesEqual(streamElements, elements, file: file, line: line)
}

/// The failure text lists every position with the expected and actual value,
/// `≠` marking the ones that differ, which reads better than two long arrays.
func assertSequencesEqual<T: Equatable>(_ lhs: [T], _ rhs: [T], file: StaticString, line: UInt) {
    guard lhs != rhs else { return }
    XCTFail("Sequences differ:\n" + sequenceDifferences(lhs, rhs), file: file, line: line)
}

/// One line per position: `  0: next(1) @ 210` where both agree,
/// `≠ 1: next(2) @ 220 | next(3) @ 220` (left | right) where they differ.
func sequenceDifferences<T: Equatable>(_ lhs: [T], _ rhs: [T]) -> String {
    (0..<max(lhs.count, rhs.count)).map { index in
        let left = index < lhs.count ? String(reflecting: lhs[index]) : "(none)"
        let right = index < rhs.count ? String(reflecting: rhs[index]) : "(none)"
        let same = index < lhs.count && index < rhs.count && lhs[index] == rhs[index]
        return same ? "  \(index): \(left)" : "≠ \(index): \(left) | \(right)"
    }.joined(separator: "\n")
}

#if !canImport(Darwin)
extension XCTestCase {
    /// Waits for `expectations` without a time limit: Apple's XCTest gives
    /// `wait(for:timeout:)` this default, swift-corelibs-xctest does not, and
    /// tests written for RxSwift on Apple platforms call it so.
    public func wait(for expectations: [XCTestExpectation]) {
        wait(for: expectations, timeout: .infinity)
    }
}
#endif
