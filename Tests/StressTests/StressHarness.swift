import Dispatch
import Foundation
import RxCore
import XCTest

/// A value behind an `NSLock`.
///
/// `Synchronization.Mutex` waits on a futex that ThreadSanitizer does not
/// model, so under `--sanitize=thread` it reports the harness's own
/// bookkeeping as a Swift access race; a pthread-based lock is understood.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// An observer that counts what it receives from any thread and notes any
/// breach of the event grammar (a second terminal, or anything after one).
final class CountingObserver<Element>: ObserverType, @unchecked Sendable {
    private struct Counts {
        var elements = 0
        var terminals = 0
        var afterTerminal = 0
    }

    private let counts = Locked(Counts())

    func on(_ event: Event<Element>) {
        counts.withLock { counts in
            if counts.terminals > 0 { counts.afterTerminal += 1 }
            if event.isStopEvent { counts.terminals += 1 } else { counts.elements += 1 }
        }
    }

    var elements: Int { counts.withLock { $0.elements } }
    var terminals: Int { counts.withLock { $0.terminals } }
    var isGrammatical: Bool { counts.withLock { $0.terminals <= 1 && $0.afterTerminal == 0 } }
}

/// What every worker thread of a stress test shares: the observers it made,
/// split into those that stay subscribed until the end (they must see the
/// terminal event) and those that come and go (they may or may not).
final class StressLedger: @unchecked Sendable {
    private let kept = Locked<[CountingObserver<Int>]>([])
    private let transient = Locked<[CountingObserver<Int>]>([])
    private let operations = Locked(0)

    func keep(_ observer: CountingObserver<Int>) { kept.withLock { $0.append(observer) } }
    func pass(_ observer: CountingObserver<Int>) { transient.withLock { $0.append(observer) } }
    func count(_ amount: Int = 1) { operations.withLock { $0 += amount } }

    var keptObservers: [CountingObserver<Int>] { kept.withLock { $0 } }
    var allObservers: [CountingObserver<Int>] { kept.withLock { $0 } + transient.withLock { $0 } }
    var operationCount: Int { operations.withLock { $0 } }
}

/// Runs a shared source under many threads at once and checks afterwards that
/// nothing crashed, no terminal event got lost or doubled, and every resource
/// and subscription made by the test is gone again.
class StressTestCase: XCTestCase {
    /// Worker threads per test; RxSwift's thread-safety promise is about more
    /// threads than cores, so this is well above the machine's two.
    static let threads = 8
    /// Loop iterations per worker thread; each subscribes, emits, subscribes and
    /// disposes, or replaces the thread's bag (operations are counted one by one).
    static let iterations = 4000

    /// One stress run.
    ///
    /// - Parameters:
    ///   - source: the shared observable under test, built inside the test's scope.
    ///   - emit: sends one element into the shared source.
    ///   - complete: terminates the shared source, three quarters through the
    ///     load; `nil` for relays, which cannot.
    /// How long scheduled work may take to finish after a round: generous,
    /// because under ThreadSanitizer on a loaded two-core machine a round's
    /// queued deliveries took over 10 s (CI, 24 Nov); a deadlock still fails here.
    static let settleTimeout: TimeInterval = 60

    func stress(
        _ name: String,
        file: StaticString = #filePath, line: UInt = #line,
        _ build: () -> (source: Observable<Int>, emit: @Sendable (Int) -> Void, complete: (@Sendable () -> Void)?)
    ) {
        let startTotal = Resources.total
        let startSubscriptions = SubscriptionRegistry.count
        let scope = ResourceScope(name: "stress \(name)")
        let ledger = StressLedger()

        scope.run {
            let (source, emit, complete) = build()
            let keptBags = Locked<[DisposeBag]>([])
            let completedAt = Self.iterations * 3 / 4

            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                scope.run {
                    let keptBag = DisposeBag()
                    var bag = DisposeBag()
                    for step in 0..<Self.iterations {
                        if thread == 0, step == completedAt, let complete {
                            complete()
                        }
                        switch step % 5 {
                        case 0:
                            let observer = CountingObserver<Int>()
                            ledger.pass(observer)
                            source.subscribe(observer).disposed(by: bag)
                            ledger.count()
                        case 1, 3:
                            emit(step)
                            ledger.count()
                        case 2:
                            let observer = CountingObserver<Int>()
                            ledger.pass(observer)
                            source.subscribe(observer).dispose()
                            ledger.count(2)
                        default:
                            if step % 40 == 4 {
                                bag = DisposeBag()
                                ledger.count()
                            }
                        }
                        if step % 150 == 7 {
                            let observer = CountingObserver<Int>()
                            ledger.keep(observer)
                            source.subscribe(observer).disposed(by: keptBag)
                            ledger.count()
                        }
                    }
                    bag = DisposeBag()
                    keptBags.withLock { $0.append(keptBag) }
                }
            }

            XCTAssertTrue(
                DispatchSchedulers.waitUntilIdle(timeout: Self.settleTimeout), "scheduled work did not settle",
                file: file, line: line)
            MainScheduler.drain()

            for observer in ledger.allObservers {
                XCTAssertTrue(
                    observer.isGrammatical, "an observer saw two terminal events or events after one", file: file,
                    line: line)
            }
            for observer in ledger.keptObservers {
                XCTAssertEqual(
                    observer.terminals, complete == nil ? 0 : 1,
                    "an observer subscribed until the end got the wrong number of terminal events", file: file,
                    line: line)
            }
            keptBags.withLock { $0.removeAll() }
        }

        XCTAssertTrue(
            DispatchSchedulers.waitUntilIdle(timeout: Self.settleTimeout), "scheduled work did not settle", file: file,
            line: line)
        MainScheduler.drain()

        XCTAssertEqual(scope.liveResources, 0, "resources made by the test are still alive", file: file, line: line)
        XCTAssertEqual(
            SubscriptionRegistry.live(in: scope), [], "subscriptions made by the test are still alive", file: file,
            line: line)
        XCTAssertEqual(
            Resources.total, startTotal,
            "Resources.total did not return to its value before the test:\n\(Resources.snapshot())",
            file: file, line: line)
        XCTAssertEqual(
            SubscriptionRegistry.count, startSubscriptions,
            "the subscription registry did not return to its size before the test",
            file: file, line: line)
        print(
            "StressTests \(name): \(ledger.operationCount) operations on \(Self.threads) threads, \(ledger.allObservers.count) observers"
        )
    }
}
