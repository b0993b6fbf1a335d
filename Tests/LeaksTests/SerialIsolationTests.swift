import Foundation
import LeakTesting
import Leaks
import RxCore
import Synchronization
import Testing
import XCTest

// One test's leak is never blamed on another, also when tests run one after
// another: a leaking test whose timer never stops runs first, and the clean
// tests after it stay clean (and do not wait for its timer).

/// Leaks through its timer's closure; the timer runs until its bag goes.
private final class Ticker {
    var disposeBag = DisposeBag()
    var ticks = 0

    func start(on scheduler: SchedulerType) {
        Observable<Int>.interval(.milliseconds(5), scheduler: scheduler)
            .subscribe(onNext: { _ in self.ticks += 1 })
            .disposed(by: disposeBag)
    }
}

/// Releases what it holds once its work on the scheduler is done.
private final class Screen {
    let disposeBag = DisposeBag()
    var values: [Int] = []

    func load(on scheduler: SchedulerType) {
        Observable.from([1, 2, 3]).observe(on: scheduler).subscribe(onNext: { [weak self] in self?.values.append($0) })
            .disposed(by: disposeBag)
    }
}

/// The tickers the leaking tests leave running, held weakly (their cycles
/// keep them), stopped once the tests after them are done.
private enum LeftRunning {
    private static let tickers = Mutex<[WeakTicker]>([])

    struct WeakTicker: @unchecked Sendable {
        weak var ticker: Ticker?
    }

    static func add(_ ticker: Ticker) { tickers.withLock { $0.append(WeakTicker(ticker: ticker)) } }

    /// Disposes every timer left running; returns how many were running.
    @discardableResult
    static func stopAll() -> Int {
        let left = tickers.withLock { tickers in
            defer { tickers.removeAll() }
            return tickers.compactMap(\.ticker)
        }
        for ticker in left { ticker.disposeBag = DisposeBag() }
        return left.count
    }
}

private let sharedScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "serial-isolation")

/// Leaks a ticker whose timer keeps running after the check.
private func leakATickerWithAnEndlessTimer() -> LeakReport {
    LeakCheck.run("leaking ticker", settle: .timeout(.milliseconds(200))) { scope in
        let ticker = Ticker()
        scope.track(ticker)
        ticker.start(on: sharedScheduler)
        LeftRunning.add(ticker)
    }
}

/// XCTest runs a class's tests one after another, in this order.
final class SerialXCTestIsolationTests: XCTestCase {
    override class func tearDown() {
        LeftRunning.stopAll()
        super.tearDown()
    }

    func test1ALeakingTestLeavesItsTimerRunning() {
        let report = leakATickerWithAnEndlessTimer()
        XCTAssertEqual(report.leaks.map(\.typeName), ["Ticker"], report.description)
        XCTAssertEqual(report.unsettled.count, 1, report.description)
    }

    func test2ACleanCheckAfterItIsClean() {
        let report = LeakCheck.run { scope in
            let screen = Screen()
            scope.track(screen)
            screen.load(on: sharedScheduler)
        }
        XCTAssertTrue(report.isClean, report.description)
    }

    func test3TrackForLeaksAfterItIsClean() {
        let screen = Screen()
        trackForLeaks(screen)
        screen.load(on: sharedScheduler)
    }
}

/// The same in a `.serialized` Swift Testing suite: its tests run one after
/// another, in source order.
@Suite(.serialized)
struct SerializedSuiteIsolationTests {
    @Test func aLeakingTestLeavesItsTimerRunning() {
        let report = leakATickerWithAnEndlessTimer()
        #expect(report.leaks.map(\.typeName) == ["Ticker"])
        #expect(report.unsettled.count == 1)
    }

    @Test(.leakChecked) func bACleanTestAfterItIsClean() {
        let screen = Screen()
        trackForLeaks(screen)
        screen.load(on: sharedScheduler)
    }

    @Test(.leakChecked) func cAnotherCleanTestIsClean() {
        let screen = Screen()
        screen.load(on: sharedScheduler)
    }

    @Test func dTheTimerLeftRunningIsStopped() {
        #expect(LeftRunning.stopAll() == 1)
    }
}
