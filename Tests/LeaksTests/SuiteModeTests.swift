import Foundation
import LeakTesting
import LeakSuiteRecords
import Leaks
import RxCore
import RxCoreTesting
import Testing
import XCTest

/// Set in the child process that runs the samples below in the whole-suite mode.
private let runsSuiteSamples = ProcessInfo.processInfo.environment["RXLEAKS_SUITE_SAMPLES"] == "1"

private final class SampleViewModel {
    let disposeBag = DisposeBag()
    let taps = PublishSubject<Void>()
    var count = 0

    func bindLeaking() { taps.subscribe(onNext: { self.count += 1 }).disposed(by: disposeBag) }
    func bindFixed() { taps.subscribe(onNext: { [weak self] in self?.count += 1 }).disposed(by: disposeBag) }
}

/// XCTest cases with no leak code, some leaking on purpose: they run only in
/// the child process of ``SuiteModeTests``.
final class SuiteModeXCTestSamples: XCTestCase {
    private var sut: SampleViewModel?
    private let events = PublishSubject<Int>()
    private let disposeBag = DisposeBag()
    private var received = 0
    private let scheduler = TestScheduler(initialClock: 0)
    private lazy var cold = scheduler.createColdObservable([.next(210, 1), .completed(250)])

    override func invokeTest() {
        if runsSuiteSamples { super.invokeTest() }
    }

    func testLeaksACycle() {
        SampleViewModel().bindLeaking()
    }

    func testKeepsItsSubjectInAPropertyClean() {
        sut = SampleViewModel()
        sut?.bindFixed()
    }

    func testKeepsACycleInAPropertyLeaking() {
        sut = SampleViewModel()
        sut?.bindLeaking()
    }

    func testTracksItself() {
        let model = SampleViewModel()
        trackForLeaks(model)
        model.bindFixed()
    }

    func testRunsAfterALeakClean() {
        let model = SampleViewModel()
        model.bindFixed()
    }

    func testCapturesItselfInItsOwnBagClean() {
        events.subscribe(onNext: { _ in self.received += 1 }).disposed(by: disposeBag)
    }

    /// As RxSwift's `WithUnretainedTests.testObjectDeallocates`: a
    /// subscription never disposed, to a cold observable on a scheduler the
    /// test case holds and never runs. Releasing the test case frees the
    /// scheduler's queue, but not the subscription: its disposable and the
    /// cold observable's observer hold each other until it is disposed (in
    /// RxSwift, its sink and `SinkDisposer` do), so it is work left behind.
    func testSubscribesToAColdObservableNeverRunLeftWork() {
        _ = cold.subscribe()
    }

    func testLeaksButAsksNotToBeJudged() {
        ignoreLeaks(because: "a known cycle, fixed next sprint")
        SampleViewModel().bindLeaking()
    }
}

@Suite(.enabled(if: runsSuiteSamples, "leaks on purpose; run by SuiteModeTests"))
struct SuiteModeSwiftTestingSamples {
    @Test func leaksACycle() {
        SampleViewModel().bindLeaking()
    }

    @Test(.leaksIgnored(because: "a known cycle, fixed next sprint")) func leaksButAsksNotToBeJudged() {
        SampleViewModel().bindLeaking()
    }

    @Test func releasesEverything() {
        let model = SampleViewModel()
        model.bindFixed()
    }

    /// Never touches RxCore: no check is opened, no verdict written.
    @Test func makesNothing() {
        #expect([3, 1, 2].sorted() == [1, 2, 3])
    }

    @Test(arguments: 0..<8) func runsInParallelClean(_ index: Int) {
        let model = SampleViewModel()
        model.bindFixed()
        model.taps.onNext(())
    }
}

/// The whole-suite mode (`RXLEAKS_SUITE=1`), on a real run of this test
/// binary in a child process: each test's verdict, with no leak code in the tests.
final class SuiteModeTests: XCTestCase {
    func testEveryXCTestIsJudgedAsIfItsCaseHadReleasedWhatItHolds() throws {
        guard !runsSuiteSamples else { return }
        let records = try suiteRecords(["LeaksTests.SuiteModeXCTestSamples"])
        XCTAssertEqual(
            Set(records.keys),
            [
                "SuiteModeXCTestSamples.testLeaksACycle", "SuiteModeXCTestSamples.testKeepsItsSubjectInAPropertyClean",
                "SuiteModeXCTestSamples.testKeepsACycleInAPropertyLeaking", "SuiteModeXCTestSamples.testTracksItself",
                "SuiteModeXCTestSamples.testRunsAfterALeakClean",
                "SuiteModeXCTestSamples.testCapturesItselfInItsOwnBagClean",
                "SuiteModeXCTestSamples.testSubscribesToAColdObservableNeverRunLeftWork",
                "SuiteModeXCTestSamples.testLeaksButAsksNotToBeJudged",
            ])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testLeaksACycle"]?.leaked, ["SampleViewModel"])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testKeepsACycleInAPropertyLeaking"]?.leaked, ["SampleViewModel"])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testKeepsItsSubjectInAPropertyClean"]?.isClean, true)
        XCTAssertEqual(records["SuiteModeXCTestSamples.testRunsAfterALeakClean"]?.isClean, true)
        // A cycle through the test case's own bag goes with the test case.
        XCTAssertEqual(records["SuiteModeXCTestSamples.testCapturesItselfInItsOwnBagClean"]?.isClean, true)
        // A subscription that outlives the test case is work left, not a leak.
        XCTAssertEqual(
            records["SuiteModeXCTestSamples.testSubscribesToAColdObservableNeverRunLeftWork"]?.isClean, false)
        XCTAssertEqual(records["SuiteModeXCTestSamples.testSubscribesToAColdObservableNeverRunLeftWork"]?.leaked, [])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testTracksItself"]?.ownCheck, true)
        XCTAssertEqual(records["SuiteModeXCTestSamples.testTracksItself"]?.isClean, true)
        // Judged all the same (the record says what leaked), with the reason the test gave.
        XCTAssertEqual(records["SuiteModeXCTestSamples.testLeaksButAsksNotToBeJudged"]?.leaked, ["SampleViewModel"])
        XCTAssertEqual(
            records["SuiteModeXCTestSamples.testLeaksButAsksNotToBeJudged"]?.ignoredBecause,
            "a known cycle, fixed next sprint")
        XCTAssertEqual(records["SuiteModeXCTestSamples.testLeaksACycle"]?.ignoredBecause, nil)
    }

    func testEverySwiftTestingTestIsJudgedOnWhatItMade() throws {
        guard !runsSuiteSamples else { return }
        let records = try suiteRecords([
            "--testing-library", "swift-testing", "--filter", "SuiteModeSwiftTestingSamples",
        ])
        let leaking = records.filter { !$0.value.isClean }
        XCTAssertEqual(
            Set(leaking.keys.map { $0.split(separator: "/").last.map(String.init) ?? $0 }),
            ["leaksACycle()", "leaksButAsksNotToBeJudged()"])
        XCTAssertEqual(Set(leaking.values.map(\.leaked)), [["SampleViewModel"]])
        XCTAssertEqual(leaking.values.compactMap(\.ignoredBecause), ["a known cycle, fixed next sprint"])
        XCTAssertEqual(records.count, 4, "\(records.keys)")
    }

    /// Tests that make nothing with RxCore get no verdict from the mode: its start-up line, with the
    /// test process's id, is how `rxleaks test` knows the mode ran (and was linked in) all the same.
    func testAProcessWhoseTestsMakeNothingWritesOnlyItsStartLine() throws {
        guard !runsSuiteSamples else { return }
        let lines = try suiteLines([
            "--testing-library", "swift-testing", "--filter", "SuiteModeSwiftTestingSamples/makesNothing",
        ])
        XCTAssertEqual(lines.count, 1, "\(lines)")
        guard case .start(let pid) = lines.first else { return XCTFail("not a start line: \(lines)") }
        XCTAssertNotEqual(pid, getpid())
    }

    func testAClosureBudgetStopsReadingCapturesAndSaysSo() {
        guard !runsSuiteSamples else { return }
        // Made before the check, so that only closures' captures track them.
        let first = SampleViewModel(), second = SampleViewModel()
        let check = OpenLeakCheck("budget", closureBudget: 1)
        first.bindLeaking()
        second.bindLeaking()
        let report = check.finish()
        // Completing ends the subscriptions, so the cycles go.
        first.taps.onCompleted()
        second.taps.onCompleted()
        XCTAssertEqual(report.leaks.map(\.typeName), ["SampleViewModel"], report.description)
        XCTAssertEqual(
            report.problems.filter { $0.hasPrefix("more than 1 closures were handed over") }.count, 1,
            report.description)
    }

    /// Each line of the results file of a run of this test binary with `arguments` in the whole-suite
    /// mode, read as `rxleaks test` reads it: every line must be one the mode writes.
    private func suiteLines(_ arguments: [String]) throws -> [SuiteLine] {
        let results = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxleaks-suite-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: results) }
        try runThisTestBinary(
            arguments,
            environment: [
                "RXLEAKS_SUITE_SAMPLES": "1", SuiteEnvironment.mode: "1", SuiteEnvironment.results: results.path,
            ])
        return try String(contentsOf: results, encoding: .utf8).split(separator: "\n").map { line in
            try XCTUnwrap(SuiteLine(decoding: Data(line.utf8)), "not a line of the mode: \(line)")
        }
    }

    /// The verdicts, by test name, of a run of this test binary with `arguments` in the whole-suite
    /// mode; the process's start-up line must come first, once.
    private func suiteRecords(_ arguments: [String]) throws -> [String: SuiteVerdict] {
        let lines = try suiteLines(arguments)
        guard case .start = lines.first else {
            XCTFail("the start line is not first: \(lines)")
            return [:]
        }
        var records: [String: SuiteVerdict] = [:]
        for line in lines.dropFirst() {
            guard case .verdict(let verdict) = line else { XCTFail("a second start line: \(line)"); continue }
            records[verdict.name] = verdict
        }
        return records
    }
}

private extension SuiteVerdict {
    var isClean: Bool { report.isClean }
    var leaked: [String] { report.leaks.map(\.typeName) }
}
