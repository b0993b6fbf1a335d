import Leaks
import Synchronization
import XCTest

/// The objects tracked with `trackForLeaks` in each running XCTest case.
final class TrackedForLeaks: @unchecked Sendable {
    private static let lists = Mutex<[ObjectIdentifier: TrackedForLeaks]>([:])
    private static let checkedAfterTearDown = Mutex<Set<ObjectIdentifier>>([])

    private let watchers = Mutex<[(watcher: LeakWatcher, file: StaticString, line: UInt)]>([])

    /// The list of `testCase`; the first call in a test registers its check as
    /// a teardown block, unless the test case checks after `tearDown()`.
    static func list(for testCase: XCTestCase) -> TrackedForLeaks {
        let key = ObjectIdentifier(testCase)
        let (list, isNew) = lists.withLock { lists -> (TrackedForLeaks, Bool) in
            if let list = lists[key] { return (list, false) }
            let list = TrackedForLeaks()
            lists[key] = list
            return (list, true)
        }
        if isNew, !checkedAfterTearDown.withLock({ $0.contains(key) }) {
            testCase.addTeardownBlock { [unowned testCase] in check(testCase) }
        }
        return list
    }

    static func checkAfterTearDown(_ testCase: XCTestCase) {
        _ = checkedAfterTearDown.withLock { $0.insert(ObjectIdentifier(testCase)) }
    }

    static func runCheckAfterTearDown(_ testCase: XCTestCase) {
        _ = checkedAfterTearDown.withLock { $0.remove(ObjectIdentifier(testCase)) }
        check(testCase)
    }

    private static func check(_ testCase: XCTestCase) {
        guard let list = lists.withLock({ $0.removeValue(forKey: ObjectIdentifier(testCase)) }) else { return }
        let watched = list.watchers.withLock { $0 }
        LeakWatcher.settle()
        for entry in watched {
            if let leak = entry.watcher.verdict() {
                XCTFail(leak.description, file: entry.file, line: entry.line)
            }
        }
    }

    func add(_ object: AnyObject, file: StaticString, line: UInt) {
        let watcher = LeakWatcher(object, file: file, line: line)
        watchers.withLock { $0.append((watcher, file, line)) }
    }
}
