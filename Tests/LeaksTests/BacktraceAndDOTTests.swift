import Leaks
import RxCore
import XCTest

private final class Holder {
    let disposeBag = DisposeBag()
    let values = PublishSubject<Int>()
    var last = 0
    func bind() { values.map { $0 + 1 }.subscribe(onNext: { self.last = $0 }).disposed(by: disposeBag) }
}

final class BacktraceAndDOTTests: XCTestCase {
    override func tearDown() {
        Backtraces.isEnabled = false
        super.tearDown()
    }

    func testBacktracesNameTheTestFunctionThatTrackedAndSubscribed() throws {
        Backtraces.isEnabled = true
        let report = LeakCheck.run { scope in
            let holder = Holder()
            scope.track(holder)
            holder.bind()
            breakCycleAfterTest(through: holder.values)
        }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        let trackedFrames = try XCTUnwrap(leak.trackedAt.backtrace)
        XCTAssertTrue(
            trackedFrames.contains {
                $0.contains("testBacktracesNameTheTestFunctionThatTrackedAndSubscribed")
                    && $0.contains("BacktraceAndDOTTests.swift:22")
            },
            trackedFrames.joined(separator: "\n"))
        let subscription = try XCTUnwrap(report.liveSubscriptions.first)
        let subscribedFrames = Backtraces.symbolicate(try XCTUnwrap(subscription.backtrace))
        XCTAssertTrue(
            subscribedFrames.contains { $0.contains("bind()") && $0.contains("BacktraceAndDOTTests.swift:9") },
            subscribedFrames.joined(separator: "\n"))
    }

    func testBacktracesAreOffByDefault() throws {
        let report = LeakCheck.run { scope in
            let holder = Holder()
            scope.track(holder)
            holder.bind()
            breakCycleAfterTest(through: holder.values)
        }
        XCTAssertNil(report.leaks.first?.trackedAt.backtrace)
        XCTAssertNil(report.liveSubscriptions.first?.backtrace)
    }

    func testTheCycleRendersAsAGraphvizDigraph() throws {
        let report = LeakCheck.run { scope in
            let holder = Holder()
            scope.track(holder)
            holder.bind()
            breakCycleAfterTest(through: holder.values)
        }
        let dot = try XCTUnwrap(report.leaks.first?.cycle?.dot, report.description)
        XCTAssertTrue(dot.hasPrefix("digraph RetainCycle {"))
        XCTAssertTrue(dot.contains("[label=\"Holder\"]"), dot)
        XCTAssertTrue(dot.contains("closure given to subscribe(onNext:) at BacktraceAndDOTTests.swift:9"), dot)
        XCTAssertTrue(dot.contains("-> n0"), "the cycle closes on the leaked object:\n\(dot)")
    }
}
