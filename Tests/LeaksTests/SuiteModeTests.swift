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

/// Keeps what it is given for the rest of the process, as an app-wide registry does.
final class SuiteModeSampleRegistry {
    static let shared = SuiteModeSampleRegistry()
    var bags: [DisposeBag] = []
}

/// A service made on first use, whose relay is made with it, once: what the test that first touches it
/// leaves is kept by design, not work left behind. One per framework, so that each samples' run makes it.
final class SuiteModeLazyXCTestService {
    static let shared = SuiteModeLazyXCTestService()
    let theme = BehaviorRelay(value: "light")
}

final class SuiteModeLazySwiftTestingService {
    static let shared = SuiteModeLazySwiftTestingService()
    let theme = BehaviorRelay(value: "light")
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

    func testTouchesALazyServiceFirstClean() {
        XCTAssertEqual(SuiteModeLazyXCTestService.shared.theme.value, "light")
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

    /// A subscription never disposed to a hot test observable the test made: the observable keeps
    /// its observer, whose subscription's disposable keeps the observable. Work left, held by that cycle.
    func testSubscribesToAHotObservableOfItsOwnLeftWork() {
        let hot = TestScheduler(initialClock: 0).createHotObservable([.next(210, 1)])
        _ = hot.subscribe()
    }

    /// A subscription whose bag a static registry keeps: work left, held from that static.
    func testKeepsASubscriptionInAStaticRegistryLeftWork() {
        let bag = DisposeBag()
        PublishSubject<Int>().subscribe(onNext: { _ in }).disposed(by: bag)
        SuiteModeSampleRegistry.shared.bags.append(bag)
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

    @Test func touchesALazyServiceFirst() {
        #expect(SuiteModeLazySwiftTestingService.shared.theme.value == "light")
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
                "SuiteModeXCTestSamples.testTouchesALazyServiceFirstClean",
                "SuiteModeXCTestSamples.testCapturesItselfInItsOwnBagClean",
                "SuiteModeXCTestSamples.testSubscribesToAColdObservableNeverRunLeftWork",
                "SuiteModeXCTestSamples.testLeaksButAsksNotToBeJudged",
                "SuiteModeXCTestSamples.testKeepsASubscriptionInAStaticRegistryLeftWork",
                "SuiteModeXCTestSamples.testSubscribesToAHotObservableOfItsOwnLeftWork",
            ])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testLeaksACycle"]?.leaked, ["SampleViewModel"])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testKeepsACycleInAPropertyLeaking"]?.leaked, ["SampleViewModel"])
        XCTAssertEqual(records["SuiteModeXCTestSamples.testKeepsItsSubjectInAPropertyClean"]?.isClean, true)
        XCTAssertEqual(records["SuiteModeXCTestSamples.testRunsAfterALeakClean"]?.isClean, true)
        // What a service made on first use makes with it (its relay) is made once, not left behind.
        XCTAssertEqual(records["SuiteModeXCTestSamples.testTouchesALazyServiceFirstClean"]?.isClean, true)
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

    /// A row's figures are what its test left, by kind, not the process's counts, which grow as
    /// XCTest keeps every test case; and the work left is explained by what still holds it.
    func testWorkLeftIsWhatTheTestItselfLeftByKindAndWhatHoldsIt() throws {
        guard !runsSuiteSamples else { return }
        let records = try suiteRecords(["LeaksTests.SuiteModeXCTestSamples"])
        // Earlier tests keep objects by design (a sut in a property), so the process's counts have
        // grown by the time this clean test runs; it left nothing itself.
        let clean = try XCTUnwrap(records["SuiteModeXCTestSamples.testRunsAfterALeakClean"]?.report)
        XCTAssertGreaterThan(try XCTUnwrap(clean.counts).before.total, 0)
        XCTAssertEqual(clean.leftResources, [])
        for (name, record) in records where record.isClean {
            XCTAssertEqual(record.report.leftResources, [], name)
        }

        let cold = try XCTUnwrap(records["SuiteModeXCTestSamples.testSubscribesToAColdObservableNeverRunLeftWork"])
        XCTAssertEqual(cold.verdict, .leftWork)
        // The subscription, its observer and disposables, and the cold observable's two events
        // waiting on a scheduler that never runs.
        XCTAssertEqual(
            cold.report.leftResources.listing, "1 subscription, 2 sinks, 2 disposables, 2 scheduled work", cold.text)
        XCTAssertTrue(cold.text.contains("still alive: 7 (1 subscription, 2 sinks, 2 disposables, 2 scheduled work)"))

        let hot = try XCTUnwrap(records["SuiteModeXCTestSamples.testSubscribesToAHotObservableOfItsOwnLeftWork"])
        XCTAssertEqual(hot.verdict, .leftWork)
        let cycle = try XCTUnwrap(hot.report.liveSubscriptions.first?.holder?.cycle, hot.text)
        XCTAssertEqual(cycle.nodes.first?.kind, .subscription, hot.text)
        XCTAssertEqual(cycle.edges.last?.to, cycle.nodes.first, hot.text)
        XCTAssertTrue(cycle.nodes.contains { $0.name.hasPrefix("TestableObservable") }, hot.text)
        XCTAssertTrue(hot.text.contains("  held by a retain cycle:\n"), hot.text)
        // No closure's capture on it: nothing is marked to break, the subscription is to be disposed.
        XCTAssertFalse(cycle.edges.contains(where: \.isSuspect), hot.text)
        XCTAssertFalse(hot.text.contains("<- the reference to break"), hot.text)

        let kept = try XCTUnwrap(records["SuiteModeXCTestSamples.testKeepsASubscriptionInAStaticRegistryLeftWork"])
        XCTAssertEqual(kept.verdict, .leftWork)
        XCTAssertEqual(kept.leaked, [])
        let subscription = try XCTUnwrap(kept.report.liveSubscriptions.first)
        let path = try XCTUnwrap(subscription.holder?.path, kept.text)
        XCTAssertEqual(path.nodes.first?.name, "SuiteModeSampleRegistry.shared", kept.text)
        XCTAssertEqual(path.nodes.first?.kind, .global, kept.text)
        XCTAssertTrue(path.nodes.contains { $0.kind == .subscriptionContainer }, kept.text)
        XCTAssertEqual(path.edges.last?.to.kind, .subscription, kept.text)
        XCTAssertTrue(kept.text.contains("  held from SuiteModeSampleRegistry.shared:\n"), kept.text)
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
        XCTAssertEqual(records.count, 5, "\(records.keys)")
        let lazy = try XCTUnwrap(records.first { $0.key.hasSuffix("touchesALazyServiceFirst()") }?.value)
        XCTAssertTrue(lazy.isClean, "the relay of a service made on first use is made once: \(lazy.text)")
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

    /// A process a test started inherits the mode's variables, and the test process's id with them: the mode
    /// stays off there, so it writes nothing, not even its start line.
    func testAProcessATestStartedWritesNoVerdict() throws {
        guard !runsSuiteSamples else { return }
        let results = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxleaks-suite-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: results) }
        try runThisTestBinary(
            ["--testing-library", "swift-testing", "--filter", "SuiteModeSwiftTestingSamples"],
            environment: [
                "RXLEAKS_SUITE_SAMPLES": "1", SuiteEnvironment.mode: "1", SuiteEnvironment.results: results.path,
                SuiteEnvironment.testProcess: String(getpid()),
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: results.path), "a process a test started wrote verdicts")
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
        var started: [String] = []
        for line in lines.dropFirst() {
            switch line {
            case .testStarted(let name, _): started.append(name)
            case .verdict(let verdict):
                // An XCTest test says it started before its verdict (rxleaks test's time limit reads it).
                if verdict.framework == .xctest { XCTAssertEqual(started.last, verdict.name, "started before judged") }
                records[verdict.name] = verdict
            case .start: XCTFail("a second start line: \(line)")
            }
        }
        return records
    }
}

private extension SuiteVerdict {
    var isClean: Bool { report.isClean }
    var leaked: [String] { report.leaks.map(\.typeName) }
}
