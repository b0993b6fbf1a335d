import Foundation
import Leaks
import LeakTesting
import XCTest

/// A checked continuation freed without being resumed while a check is open: the runtime's
/// `SWIFT TASK CONTINUATION MISUSE` is the check's, named by the function that made it and where it was
/// dropped; the task awaiting it stays suspended with the request (the weak-reference oracle). Resumed on
/// every path, or later by a queue, the check is clean.
final class ContinuationMisuseTests: XCTestCase {
    func testAContinuationDroppedOnTheErrorPathIsReported() throws {
        weak var oracle: LegacyRequest?
        var stuck: Task<Void, Never>?
        let report = LeakCheck.run("dropped continuation") { _ in
            let request = LegacyRequest(store: LegacyStore(completesOnError: .never))
            stuck = Task { _ = await request.run() }
            oracle = request
        }
        SuspendedTasks.keep(stuck)
        XCTAssertNotNil(oracle, "the task stays suspended on the dropped continuation, with the request")
        XCTAssertFalse(report.isClean, report.description)
        let misuse = try XCTUnwrap(report.continuationMisuses.first, report.description)
        XCTAssertEqual(report.continuationMisuses.count, 1, report.description)
        XCTAssertEqual(misuse.function, "run()")
        XCTAssertEqual(misuse.misuse, "leaked its continuation without resuming it")
        // Dropped by the body of `withCheckedContinuation`, in the task that awaits it: its await is named.
        let awaited = try XCTUnwrap(misuse.awaitedAt, report.description)
        XCTAssertEqual(awaited.description, "ContinuationMisuseTests.swift:\(LegacyRequest.awaitLine)")
        XCTAssertTrue(
            report.description.contains(
                "run() leaked its continuation without resuming it (awaited at ContinuationMisuseTests.swift:\(LegacyRequest.awaitLine))"
            ), report.description)
        XCTAssertTrue(report.description.contains("fix: resume the continuation exactly once on every path"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        let misuses = try XCTUnwrap(json["continuationMisuses"] as? [[String: Any]])
        XCTAssertEqual(misuses.first?["function"] as? String, "run()")
    }

    func testAContinuationDroppedByTheCodeUnderTestIsPlacedWhereItWasDropped() throws {
        weak var oracle: LegacyRequest?
        var stuck: Task<Void, Never>?
        let report = LeakCheck.run("continuation dropped on cancel") { _ in
            let store = LegacyStore(completesOnError: .whenCancelled)
            let request = LegacyRequest(store: store)
            let executor = SteppedExecutor()
            stuck = Task(executorPreference: executor) { _ = await request.run() }
            // Once the task's first job has returned, the task is suspended and `withCheckedContinuation`'s
            // body has released its argument: the store's pending completion holds the continuation's last
            // reference, so `cancelAll` on this thread is where it is dropped.
            executor.waitUntilAJobHasRun()
            store.cancelAll()
            oracle = request
        }
        SuspendedTasks.keep(stuck)
        XCTAssertNotNil(oracle, "the task stays suspended on the dropped continuation, with the request")
        let misuse = try XCTUnwrap(report.continuationMisuses.first, report.description)
        XCTAssertEqual(misuse.function, "run()")
        XCTAssertNil(misuse.awaitedAt, "dropped on the test's thread, not in the task awaiting it")
        let site = try XCTUnwrap(misuse.droppedAt, report.description)
        XCTAssertEqual(site.description, "ContinuationMisuseTests.swift:\(LegacyStore.cancelLine)", report.description)
        XCTAssertTrue(site.function.contains("cancelAll"), site.function)
        XCTAssertTrue(
            report.description.contains(
                "run() leaked its continuation without resuming it (dropped at ContinuationMisuseTests.swift:"),
            report.description)
    }

    func testAMisuseWithNoCheckOpenGoesToNoCheck() {
        let store = LegacyStore(completesOnError: .whenCancelled)
        let request = LegacyRequest(store: store)
        SuspendedTasks.keep(Task { _ = await request.run() })
        store.waitUntilLoading()
        // The runtime prints its message here, with no check open.
        store.cancelAll()
        let report = LeakCheck.run("after a misuse outside any check") { _ in }
        XCTAssertEqual(report.continuationMisuses, [], report.description)
        XCTAssertTrue(report.isClean, report.description)
    }

    func testTheTwinResumedOnEveryPathIsClean() {
        weak var oracle: LegacyRequest?
        let report = LeakCheck.run("resumed continuation") { _ in
            let request = LegacyRequest(store: LegacyStore(completesOnError: .atOnce))
            Task { _ = await request.run() }
            oracle = request
        }
        XCTAssertNil(oracle)
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.continuationMisuses, [])
    }

    func testAContinuationAQueueResumesLaterIsClean() {
        weak var oracle: LegacyRequest?
        let report = LeakCheck.run("continuation resumed later") { _ in
            let request = LegacyRequest(store: LegacyStore(completesOnError: .later))
            Task { _ = await request.run() }
            oracle = request
        }
        XCTAssertNil(oracle, "the queue resumed the continuation within settling")
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.continuationMisuses, [])
    }
}

/// The tasks tests leave suspended for ever, kept once their check is judged: nothing can end them, and a
/// task no one refers to would be reported by `scripts/leak-check` (LeakSanitizer) as the harness's own leak.
enum SuspendedTasks {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Task<Void, Never>] = []

    static func keep(_ task: Task<Void, Never>?) {
        guard let task else { return }
        lock.withLock { kept.append(task) }
    }
}

/// Runs each job of the tasks that prefer it on one queue and tells when one has run to its suspension point.
private final class SteppedExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "ContinuationMisuseTests.SteppedExecutor")
    private let ran = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.ran.signal()
        }
    }

    func waitUntilAJobHasRun() { ran.wait() }
}

/// A callback API whose error path may drop its completion.
private final class LegacyStore: @unchecked Sendable {
    enum ErrorPath { case never, atOnce, later, whenCancelled }
    let completesOnError: ErrorPath
    private let lock = NSCondition()
    private var pending: (@Sendable (String?) -> Void)?
    static let cancelLine = #line + 18

    init(completesOnError: ErrorPath) { self.completesOnError = completesOnError }

    /// Always fails (the request's id is unknown).
    func load(completion: @escaping @Sendable (String?) -> Void) {
        switch completesOnError {
        case .never: return
        case .atOnce: completion(nil)
        case .later: DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { completion(nil) }
        case .whenCancelled:
            lock.withLock { pending = completion }
            lock.broadcast()
        }
    }

    /// Forgets the pending completion without calling it.
    func cancelAll() {
        lock.withLock { pending = nil }
    }

    func waitUntilLoading() {
        lock.withLock { while pending == nil { lock.wait() } }
    }
}

private final class LegacyRequest: Sendable {
    let store: LegacyStore

    static let awaitLine = #line + 5

    init(store: LegacyStore) { self.store = store }

    func run() async -> String? {
        await withCheckedContinuation { continuation in store.load { continuation.resume(returning: $0) } }
    }
}
