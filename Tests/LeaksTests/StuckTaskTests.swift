import Dispatch
import Leaks
import LeakTesting
import XCTest

/// A task that can never resume is its own verdict, named at its await with why nothing can resume it;
/// tasks that end, task groups that finish and continuations a queue or a timer resumes later are not (nor is a task
/// awaiting a stream a global feeds: TaskClosureTests). Each verdict is
/// first proven with a weak reference; a stuck task is resumed once judged, so that no test leaves one behind.
final class StuckTaskTests: XCTestCase {
    func testATaskAwaitingAContinuationOnlyItsDownloaderKeepsCanNeverResume() throws {
        weak var oracle: Downloader?
        let report = LeakCheck.run("stuck download") { _ in
            let downloader = Downloader()
            Task { _ = await downloader.fetch() }
            oracle = downloader
        }
        defer { oracle?.finish() }
        XCTAssertNotNil(oracle, "nothing resumes the task, which keeps the downloader")
        XCTAssertEqual(report.leaks.map(\.typeName), ["Downloader"], report.description)
        let leak = try XCTUnwrap(report.leaks.first)
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertEqual(leak.pattern?.id, "task-never-resumes", report.description)
        let detail = try XCTUnwrap(leak.pattern?.detail)
        XCTAssertTrue(detail.contains("is held only by Downloader, itself held only by this task"), detail)
        let edge = try XCTUnwrap(leak.causes.first?.path?.edges.first, report.description)
        XCTAssertEqual(edge.from.kind, .task)
        XCTAssertEqual(
            edge.from.name,
            "Task made at StuckTaskTests.swift:\(#line - 15), suspended for ever in Downloader.fetch() at "
                + "StuckTaskTests.swift:\(Downloader.awaitLine)", report.description)
        XCTAssertFalse(edge.isSuspect, "the capture is not what to fix")
        XCTAssertNil(leak.causes.first?.reference)
        XCTAssertTrue(report.description.contains("fix: resume the continuation exactly once on every path"))
        XCTAssertFalse(report.description.contains("[weak self]"), report.description)
    }

    func testATaskAwaitingADroppedContinuationCanNeverResume() throws {
        weak var oracle: Downloader?
        var stuck: Task<Void, Never>?
        let report = LeakCheck.run("dropped download") { _ in
            let downloader = Downloader(dropsContinuation: true)
            stuck = Task { _ = await downloader.fetch() }
            oracle = downloader
        }
        SuspendedTasks.keep(stuck)
        XCTAssertNotNil(oracle, "the task stays suspended on the dropped continuation, with the downloader")
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.pattern?.id, "task-never-resumes", report.description)
        XCTAssertEqual(
            leak.pattern?.detail,
            "nothing can resume it: its continuation was dropped unresumed (fetch() leaked its continuation without "
                + "resuming it)")
        XCTAssertEqual(report.continuationMisuses.map(\.function), ["fetch()"])
    }

    func testAContinuationAQueueResumesAfterTheCheckIsNotStuck() throws {
        weak var oracle: Downloader?
        let resumer = DispatchQueue(label: "resumer")
        let report = LeakCheck.run("download resumed later", settle: .timeout(.milliseconds(100))) { _ in
            let downloader = Downloader()
            Task { _ = await downloader.fetch() }
            // The queue keeps the downloader, and the continuation in it, until it runs.
            resumer.asyncAfter(deadline: .now() + 1) { downloader.finish() }
            oracle = downloader
        }
        XCTAssertFalse(
            report.leaks.contains { $0.pattern?.id == "task-never-resumes" }, "a pending block can still resume it")
        resumer.sync {}
        let deadline = Date().addingTimeInterval(3)
        while oracle != nil, Date() < deadline { usleep(10_000) }
        XCTAssertNil(oracle, "the queue resumed the task, which released the downloader")
    }

    func testAContinuationATimerResumesAfterTheCheckIsNotStuck() throws {
        let resumed = expectation(description: "the timer resumed the task")
        let report = LeakCheck.run("download resumed by a timer", settle: .timeout(.milliseconds(100))) { _ in
            let downloader = Downloader()
            Task {
                _ = await downloader.fetch()
                resumed.fulfill()
            }
            // This thread's run loop (the main one, which `wait(for:)` runs) keeps the timer, whose block keeps the
            // downloader and the continuation in it. Linux's Foundation keeps the block once the timer has fired,
            // too: `scripts/leak-check` suppresses what `scheduledTimer` makes as toolchain noise.
            _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in downloader.finish() }
        }
        XCTAssertFalse(
            report.leaks.contains { $0.pattern?.id == "task-never-resumes" }, "a timer can still resume it")
        wait(for: [resumed], timeout: 5)
    }

    func testATaskGroupThatFinishesIsClean() {
        weak var oracle: Downloader?
        let report = LeakCheck.run("finished task group") { _ in
            let downloader = Downloader()
            Task {
                await withTaskGroup(of: Int.self) { group in
                    for index in 0..<3 { group.addTask { await downloader.count(index) } }
                    for await _ in group {}
                }
            }
            oracle = downloader
        }
        XCTAssertNil(oracle)
        XCTAssertTrue(report.isClean, report.description)
    }
}

/// Fetches through a callback API, keeping the continuation until the download finishes: nothing but
/// `finish()` resumes it, and only the task awaiting `fetch()` keeps the downloader.
final class Downloader: @unchecked Sendable {
    private var continuation: CheckedContinuation<Int, Never>?
    private let dropsContinuation: Bool
    static let awaitLine = #line + 5

    init(dropsContinuation: Bool = false) { self.dropsContinuation = dropsContinuation }

    func fetch() async -> Int {
        await withCheckedContinuation { continuation in
            if !dropsContinuation { self.continuation = continuation }
        }
    }

    func finish() {
        continuation?.resume(returning: 200)
        continuation = nil
    }

    func count(_ index: Int) async -> Int { index }
}
