import Leaks
import RxCore
import XCTest

// Verdicts from reachability: the object that needs the fix comes first, an
// object a global holds is never blamed on a cycle it is not on, and objects
// leaked only because a leaked object holds them are listed under it.

/// An app-wide service, held by a `static let` like any singleton.
private final class Analytics {
    static let shared = Analytics()
    var events: [String] = []
    func log(_ event: String) { events.append(event) }
}

private final class ScreenViewModel {
    let disposeBag = DisposeBag()
    let titles = PublishSubject<String>()
    let taps = PublishSubject<Void>()

    init(analytics: Analytics) {
        taps.subscribe(onNext: { analytics.log("tap") }).disposed(by: disposeBag)
    }
}

/// Leaks through its `drive` closure; its view model captured the singleton.
private final class Screen {
    let viewModel = ScreenViewModel(analytics: .shared)
    let disposeBag = DisposeBag()
    var shownTitle = ""

    func bind() {
        viewModel.titles.asDriver(onErrorJustReturn: "").drive(onNext: { self.shownTitle = $0 }).disposed(
            by: disposeBag)
    }
}

private final class Leaf {}

private final class Middle {
    let leaf = Leaf()
}

/// In a cycle through its subscription's closure; holds a chain of objects
/// that are in no cycle of their own.
private final class Head {
    let disposeBag = DisposeBag()
    let events = PublishSubject<Int>()
    let middle = Middle()
    var count = 0

    func bind() { events.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag) }
}

private final class Tally {
    var total = 0
}

/// Hands its own methods to both forms of `scan`.
private final class RunningTotal {
    let disposeBag = DisposeBag()
    let values = PublishSubject<Int>()

    func add(_ sum: Int, _ value: Int) -> Int { sum + value }
    func accumulate(_ sum: inout Int, _ value: Int) { sum += value }

    func bindFolding() { values.scan(0, accumulator: add).subscribe().disposed(by: disposeBag) }
    func bindInPlace() { values.scan(into: 0, accumulator: accumulate).subscribe().disposed(by: disposeBag) }
}

final class VerdictTests: XCTestCase {
    func testASingletonCapturedByALeakedScreenIsNotTheHeadline() throws {
        let report = LeakCheck.run { scope in
            let screen = Screen()
            screen.bind()
            scope.track(screen)
            breakCycleAfterTest(through: screen.viewModel.titles)
        }
        let first = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(first.typeName, "Screen", report.description)
        XCTAssertEqual(first.kind, .cycle)
        XCTAssertTrue(
            first.cycle?.description.contains("closure given to drive(onNext:) at VerdictTests.swift:33") ?? false,
            report.description)

        let analytics = try XCTUnwrap(report.leaks.first { $0.typeName == "Analytics" }, report.description)
        XCTAssertEqual(analytics.kind, .retainedFromOutside, "a global holds it: \(report)")
        XCTAssertEqual(analytics.heldBy, first.address)
        let lines = report.description.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].hasPrefix("  Screen leaked (held only by a retain cycle)"), report.description)
        XCTAssertFalse(
            report.description.contains("Analytics leaked (held only by a retain cycle)"), report.description)
    }

    func testAChainHeldByALeakedObjectIsListedUnderItOnce() throws {
        var head: Head?
        var lines: [UInt] = []
        let report = LeakCheck.run { scope in
            let created = Head()
            scope.track(created.middle.leaf); lines.append(#line)
            scope.track(created.middle); lines.append(#line)
            scope.track(created)
            created.bind()
            head = created
            head = nil
            breakCycleAfterTest(through: created.events)
        }
        XCTAssertNil(head)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Head", "Leaf", "Middle"], report.description)
        let headAddress = report.leaks[0].address
        XCTAssertNil(report.leaks[0].heldBy)
        XCTAssertEqual(report.leaks.dropFirst().map(\.heldBy), [headAddress, headAddress])
        XCTAssertEqual(report.leaks.map(\.kind), [.cycle, .cycle, .cycle])

        let text = report.description
        XCTAssertEqual(
            text.components(separatedBy: "captures (strong)→ Head").count - 1, 1, "the cycle is printed once:\n\(text)")
        XCTAssertTrue(
            text.contains(
                [
                    "    also kept alive by this Head (fix it first):",
                    "      Leaf leaked (held only by a retain cycle); tracked at VerdictTests.swift:\(lines[0])",
                    "      Middle leaked (held only by a retain cycle); tracked at VerdictTests.swift:\(lines[1])",
                ].joined(separator: "\n")), text)
        // docs/reports.md shows this report, shortened.
        DocSample.assert(try DocSample.lines(in: "reports.md", startingWith: "Head leaked"), matches: text)
    }

    func testTrackingAnObjectAClosureCapturedIsNoProblem() {
        let report = LeakCheck.run { scope in
            let tally = Tally()
            let bag = DisposeBag()
            let numbers = PublishSubject<Int>()
            numbers.subscribe(onNext: { tally.total += $0 }).disposed(by: bag)
            scope.track(tally)
            numbers.onNext(2)
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.problems, [])
    }

    func testAMethodReferenceGivenToScanGetsTheMethodReferenceFix() throws {
        for bind in [RunningTotal.bindFolding, RunningTotal.bindInPlace] {
            let report = LeakCheck.run { scope in
                let total = RunningTotal()
                scope.track(total)
                bind(total)()
                breakCycleAfterTest(through: total.values)
            }
            let pattern = try XCTUnwrap(report.leaks.first?.pattern, report.description)
            XCTAssertEqual(pattern.id, "method-reference-implicit-self", report.description)
            XCTAssertFalse(pattern.fix.contains("add [weak self]"), pattern.fix)
        }
    }

    func testTheExplicitTrackingLineReplacesTheCapturesOne() throws {
        var trackingLine: UInt = 0
        let report = LeakCheck.run { scope in
            let head = Head()
            head.bind()
            scope.track(head); trackingLine = #line
            breakCycleAfterTest(through: head.events)
        }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(leak.trackedAt.origin, .explicit)
        XCTAssertEqual(leak.trackedAt.line, trackingLine)
    }
}
