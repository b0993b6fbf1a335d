import Dispatch
import Synchronization
import Foundation
import Leaks
import LeakTesting
import XCTest

/// Objects made in a check and held from outside with no cycle reflection
/// can read: leaked when the holder found is work that keeps them (a task or
/// a dispatch work item they keep, NotificationCenter.default's observer
/// blocks); clean when it may be by design. Each verdict is first proven with
/// a weak reference.
final class HiddenHolderTests: XCTestCase {
    func testAStoredTaskLoopingWithSelfLeaks() throws {
        weak var oracle: FeedListener?
        let report = LeakCheck.run("task") { _ in
            let listener = FeedListener()
            listener.start()
            oracle = listener
        }
        XCTAssertNotNil(oracle, "the task's loop keeps its listener")
        oracle?.stop()
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["FeedListener"])
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertEqual(leak.pattern?.id, "task-captures-self")
        XCTAssertEqual(
            leak.causes.first?.summary,
            "Task made at HiddenHolderTests.swift:\(FeedListener.taskLine) ─captures→ FeedListener", report.description)
        XCTAssertTrue(report.description.contains("─task._task→ Task made at"), report.description)
    }

    func testAStoredDispatchWorkItemCapturingSelfLeaks() throws {
        weak var oracle: Debouncer?
        let report = LeakCheck.run("work item") { _ in
            let debouncer = Debouncer()
            debouncer.schedule()
            oracle = debouncer
        }
        XCTAssertNotNil(oracle, "the work item's block keeps its owner")
        oracle?.pending = nil
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Debouncer"])
        XCTAssertEqual(leak.kind, .cycle)
        XCTAssertEqual(leak.pattern?.id, "work-item-captures-self")
        XCTAssertEqual(leak.cycle?.edges.map(\.label), ["pending", "_block", "captures"], report.description)
        // docs/leak-checks.md shows this report.
        DocSample.assert(
            try DocSample.lines(in: "leak-checks.md", startingWith: "Debouncer leaked"), matches: report.description)
    }

    func testANotificationObserverBlockCapturingSelfLeaks() throws {
        weak var oracle: SettingsWatcher?
        let report = LeakCheck.run("observer") { _ in
            let watcher = SettingsWatcher()
            watcher.watch(weakly: false)
            oracle = watcher
        }
        XCTAssertNotNil(oracle, "NotificationCenter.default keeps the block, which keeps the watcher")
        oracle?.unwatch()
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["SettingsWatcher"])
        XCTAssertEqual(leak.pattern?.id, "notification-observer-captures-self")
        let path = try XCTUnwrap(leak.causes.first?.path, report.description)
        // The closure is placed where debug info says, under AddressSanitizer's allocator too (scripts/leak-check).
        XCTAssertEqual(path.nodes.first?.name, "NotificationCenter.default", report.description)
        XCTAssertEqual(
            path.nodes.last?.name,
            "closure given to addObserver at HiddenHolderTests.swift:\(SettingsWatcher.strongObserverLine)",
            report.description)
        XCTAssertEqual(path.nodes.map(\.kind), [.global, .closure], report.description)
        XCTAssertEqual(path.edges.map(\.label), ["observers", "captures"], report.description)
        XCTAssertEqual(path.edges.map(\.isSuspect), [false, true], "the block's capture is the reference to break")
        XCTAssertEqual(path.edges.last?.to.name, "SettingsWatcher", report.description)
        XCTAssertFalse(path.isVerified, "found by a word scan")
    }

    /// Kept by a global on purpose, each holding work that does not hold it: a finished task that
    /// captured it, a work item and an observer block capturing it weakly.
    func testObjectsKeptByDesignWithWorkThatDoesNotHoldThemAreClean() async {
        weak var oracle: FeedListener?
        let report = await LeakCheck.run("kept by design") { _ in
            let listener = FeedListener()
            await listener.finishOnce()
            let debouncer = Debouncer()
            debouncer.scheduleWeakly()
            let watcher = SettingsWatcher()
            watcher.watch(weakly: true)
            keptByDesign.withLock { $0 += [listener, debouncer, watcher] }
            oracle = listener
        }
        XCTAssertNotNil(oracle, "the global keeps them")
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(
            report.keptAlive,
            [
                "FeedListener (held from keptByDesign)", "Debouncer (held from keptByDesign)",
                "SettingsWatcher (held from keptByDesign)",
            ], report.description)
        let kept = keptByDesign.withLock { kept in
            defer { kept = [] }
            return kept
        }
        (kept.last as? SettingsWatcher)?.unwatch()
    }

    func testATaskThatEndsWithinSettlingReleasesItsObjectLate() {
        weak var oracle: FeedListener?
        let report = LeakCheck.run("ends soon") { _ in
            let listener = FeedListener()
            listener.finish(when: SettleGate(holdingSettlingUntilFreed: listener))
            oracle = listener
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["FeedListener"], report.description)
        XCTAssertNil(oracle, "the check waited for the task, which released the listener")
    }

    func testTheFixedTwinsAreReleased() {
        weak var listener: FeedListener?, debouncer: Debouncer?, watcher: SettingsWatcher?
        let report = LeakCheck.run("fixed") { _ in
            let madeListener = FeedListener(), madeDebouncer = Debouncer(), madeWatcher = SettingsWatcher()
            madeListener.startWeakly()
            madeDebouncer.scheduleWeakly()
            madeWatcher.watch(weakly: true)
            (listener, debouncer, watcher) = (madeListener, madeDebouncer, madeWatcher)
        }
        XCTAssertNil(listener)
        XCTAssertNil(debouncer)
        XCTAssertNil(watcher)
        XCTAssertTrue(report.isClean, report.description)
    }
}

private let keptByDesign = Mutex<[AnyObject]>([])

/// One app-wide stream, as an app's event feed.
private let appFeed = AsyncStream<Int>.makeStream()

final class FeedListener: @unchecked Sendable {
    var received = 0
    private var task: Task<Void, Never>?
    static let taskLine = #line + 3

    func start() {
        task = Task { for await value in appFeed.stream { self.received += value } }
    }

    func startWeakly() {
        task = Task { [weak self] in
            for await value in appFeed.stream {
                guard let self else { return }
                self.received += value
            }
        }
    }

    func finishOnce() async {
        let task = Task { self.received += 1 }
        self.task = task
        await task.value
    }

    /// Ends once `gate` opens.
    func finish(when gate: SettleGate) {
        task = Task {
            await gate.opened()
            self.received += 1
        }
    }

    func stop() { task?.cancel() }

    deinit { task?.cancel() }
}

final class Debouncer {
    var fired = 0
    var pending: DispatchWorkItem?

    func schedule() {
        pending = DispatchWorkItem { self.fired += 1 }
    }

    func scheduleWeakly() {
        pending = DispatchWorkItem { [weak self] in self?.fired += 1 }
    }
}

final class SettingsWatcher: @unchecked Sendable {
    var changes = 0
    private var token: NSObjectProtocol?
    static let strongObserverLine = #line + 9

    func watch(weakly: Bool) {
        let name = Notification.Name("HiddenHolderTests.SettingsChanged")
        token =
            weakly
            ? NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                self?.changes += 1
            }
            : NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in self.changes += 1 }
    }

    func unwatch() {
        token.map(NotificationCenter.default.removeObserver)
        token = nil
    }

    deinit { unwatch() }
}
