import Foundation
import LeakTesting
import Leaks
import RxCore
import Testing

/// A model whose `bind` leaks through a strong-self closure when asked to.
private final class Counter {
    let disposeBag = DisposeBag()
    let increments = PublishSubject<Int>()
    var total = 0

    func bind(leaking: Bool) {
        if leaking {
            increments.subscribe(onNext: { self.total += $0 }).disposed(by: disposeBag)
        } else {
            increments.subscribe(onNext: { [weak self] in self?.total += $0 }).disposed(by: disposeBag)
        }
    }
}

/// A deliberately leaked counter, held weakly so that only its cycle keeps it:
/// once the test has asserted, it breaks the cycle through `release()`, so
/// the process does not end with it (`scripts/leak-check` runs these tests
/// under LeakSanitizer).
private final class LeakedCounter: @unchecked Sendable {
    weak var counter: Counter?

    init(_ counter: Counter) { self.counter = counter }

    /// Completes the counter's subject, which drops the strong-self closure.
    func release() { counter?.increments.onCompleted() }
}

/// Work that keeps RxCore resources alive for a while, on other threads.
private func busyCleanWork(_ index: Int) async throws {
    let counter = Counter()
    trackForLeaks(counter)
    counter.bind(leaking: false)
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "parallel-\(index)")
    let done = Observable.from(0..<50).observe(on: scheduler).map { $0 * 2 }.toArray().asObservable()
    let values = try done.toBlocking(timeout: 5).first()
    #expect(values?.count == 50)
    for value in 0..<20 { counter.increments.onNext(value) }
    #expect(counter.total == 190)
}

/// Many leak-checked tests in parallel in one process: each one's resources,
/// subscriptions and tracked objects are attributed to it alone, so none is
/// blamed for another's work in flight — they all pass while a leaking test
/// runs beside them.
@Suite(.leakChecked)
struct ParallelLeakCheckedSuite {
    @Test(arguments: 0..<24)
    func cleanTestsPassInParallel(index: Int) async throws {
        try await busyCleanWork(index)
    }
}

/// The leaking neighbour of the suite above: it leaks for real while they run,
/// outside any leak check, so its leak must not show up in theirs.
@Test func leakingNeighbourRunsBesideTheSuite() async {
    var leaked: [LeakedCounter] = []
    for _ in 0..<24 {
        let counter = Counter()
        counter.bind(leaking: true)
        leaked.append(LeakedCounter(counter))
        await Task.yield()
    }
    #expect(leaked.allSatisfy { $0.counter != nil }, "the cycles keep every counter")
    for counter in leaked { counter.release() }
    #expect(leaked.allSatisfy { $0.counter == nil })
}

/// The same in one test, with the verdicts in hand: of sixteen checks running
/// in parallel, only the one that leaks is reported, with its own leak only.
@Test func onlyTheLeakingCheckOfManyParallelOnesFails() async {
    let (reports, leaked) = await withTaskGroup(of: (Int, LeakReport, LeakedCounter?).self) { group in
        for index in 0..<16 {
            group.addTask {
                var leaked: LeakedCounter?
                let report = await LeakCheck.run("check \(index)") { scope in
                    let counter = Counter()
                    scope.track(counter)
                    counter.bind(leaking: index == 7)
                    if index == 7 { leaked = LeakedCounter(counter) }
                    await Task.yield()
                    counter.increments.onNext(index)
                }
                return (index, report, leaked)
            }
        }
        var reports: [Int: LeakReport] = [:]
        var leaked: [LeakedCounter] = []
        for await (index, report, counter) in group {
            reports[index] = report
            leaked += counter.map { [$0] } ?? []
        }
        return (reports, leaked)
    }
    defer { for counter in leaked { counter.release() } }
    #expect(reports.count == 16)
    for (index, report) in reports.sorted(by: { $0.key < $1.key }) {
        if index == 7 {
            #expect(!report.isClean)
            #expect(report.leaks.map(\.typeName) == ["Counter"])
            #expect(report.liveSubscriptions.count == 1)
        } else {
            #expect(report.isClean, "check \(index) was blamed: \(report)")
        }
    }
}

/// `trackForLeaks` outside a leak check says so instead of judging nothing.
@Test func trackingOutsideACheckRecordsAnIssue() {
    withKnownIssue {
        trackForLeaks(Counter())
    }
}
