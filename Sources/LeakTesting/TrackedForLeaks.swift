import Leaks
import Synchronization
import XCTest

/// The leak check of each running XCTest case that calls `trackForLeaks`:
/// opened by the first call, finished once the test is over.
final class TrackedForLeaks: @unchecked Sendable {
    private static let lists = Mutex<[ObjectIdentifier: TrackedForLeaks]>([:])
    private static let checkedAfterTearDown = Mutex<Set<ObjectIdentifier>>([])

    private let check: OpenLeakCheck
    /// Where `trackForLeaks` was called, to fail the test at the line of the leaked object.
    private let calls = Mutex<[(file: StaticString, line: UInt)]>([])

    /// In the whole-suite mode, `check` is the suite's check of the test, taken over.
    private init(name: String, check: OpenLeakCheck?) {
        self.check = check ?? OpenLeakCheck(name)
    }

    /// The list of `testCase`; the first call in a test opens its check and
    /// registers its end as a teardown block, unless the test case checks
    /// after `tearDown()`.
    static func list(for testCase: XCTestCase) -> TrackedForLeaks {
        let key = ObjectIdentifier(testCase)
        let (list, isNew) = lists.withLock { lists -> (TrackedForLeaks, Bool) in
            if let list = lists[key] { return (list, false) }
            let list = TrackedForLeaks(name: testCase.name, check: XCTestSuiteChecks.takeOver(testCase))
            lists[key] = list
            return (list, true)
        }
        if isNew, !checkedAfterTearDown.withLock({ $0.contains(key) }) {
            // Before the test's own tearDown(): judged as if the test case had
            // released what it holds (`sut = nil` there).
            testCase.addTeardownBlock { [unowned testCase] in check(testCase, releasing: testCase) }
        }
        return list
    }

    static func checkAfterTearDown(_ testCase: XCTestCase) {
        _ = checkedAfterTearDown.withLock { $0.insert(ObjectIdentifier(testCase)) }
    }

    static func runCheckAfterTearDown(_ testCase: XCTestCase) {
        _ = checkedAfterTearDown.withLock { $0.remove(ObjectIdentifier(testCase)) }
        check(testCase, releasing: nil)
    }

    /// Finishes the check and fails the test with its report, at the
    /// `trackForLeaks` call of the first leaked object (else the first call).
    private static func check(_ testCase: XCTestCase, releasing holder: XCTestCase?) {
        guard let list = lists.withLock({ $0.removeValue(forKey: ObjectIdentifier(testCase)) }) else { return }
        let report = list.check.finish(releasing: holder)
        XCTestSuiteChecks.ownCheckFinished(testCase, report)
        let calls = list.calls.withLock { $0 }
        guard !report.isClean, let firstCall = calls.first else { return }
        let leaked = report.leaks.first?.trackedAt
        let call = calls.first { "\($0.file)" == leaked?.file && $0.line == leaked?.line } ?? firstCall
        XCTFail(report.description, file: call.file, line: call.line)
    }

    func add(_ object: AnyObject, file: StaticString, line: UInt) {
        calls.withLock { $0.append((file, line)) }
        check.scope.track(object, file: file, line: line)
    }
}
