import RxCore
import XCTest

final class CoreSmokeTests: RxTestCase {
    func testMapFilterOnPublishSubjectDeliversAndRecordsTheSubscription() {
        var received: [Int] = []
        let before = Resources.snapshot()
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        subject.map { $0 * 10 }.filter { $0 > 10 }
            .subscribe(onNext: { received.append($0) })
            .disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(received, [20, 30])

        let live = liveSubscriptionsOfThisTest
        XCTAssertEqual(live.count, 1)
        XCTAssertEqual(live.first?.chain, "PublishSubject<Int> → map → filter → subscribe")
        XCTAssertEqual(live.first?.site.fileName, "CoreSmokeTests.swift")
        XCTAssertEqual(live.first?.site.line, 11, "a chain records the line its statement starts on")
        XCTAssertEqual(live.first?.owner, bag.identity)
        XCTAssertEqual(Resources.snapshot().difference(from: before)["MapSink"], 1)
    }

    func testCompletionRemovesTheSubscriptionFromTheRegistry() {
        var events: [String] = []
        _ = Observable.just(1).subscribe(
            onNext: { events.append("next \($0)") },
            onCompleted: { events.append("completed") },
            onDisposed: { events.append("disposed") })
        XCTAssertEqual(events, ["next 1", "completed", "disposed"])
        XCTAssertTrue(liveSubscriptionsOfThisTest.isEmpty)
    }

    /// `onNext` and `onCompleted` are requirements whose defaults send the
    /// event: an observer that implements only `on` receives everything
    /// there, one that implements them receives elements and completion
    /// through them.
    func testObserversReceiveElementsThroughOnNextWhenTheyImplementIt() {
        final class EventsOnly: ObserverType {
            var log: [String] = []
            func on(_ event: Event<Int>) { log.append("on \(event)") }
        }
        final class Split: ObserverType {
            var log: [String] = []
            func on(_ event: Event<Int>) { log.append("on \(event)") }
            func onNext(_ element: Int) { log.append("onNext \(element)") }
            func onCompleted() { log.append("onCompleted") }
        }
        let subject = PublishSubject<Int>()
        let eventsOnly = EventsOnly(), split = Split()
        let subscriptions = [
            subject.map { $0 + 1 }.subscribe(eventsOnly),
            subject.map { $0 + 1 }.subscribe(split),
            Observable.just(7).subscribe(split),
        ]
        subject.onNext(1)
        subject.on(.next(2))
        subject.onCompleted()

        XCTAssertEqual(eventsOnly.log, ["on next(2)", "on next(3)", "on completed"])
        XCTAssertEqual(split.log, ["onNext 7", "onCompleted", "onNext 2", "onNext 3", "onCompleted"])
        subscriptions.forEach { $0.dispose() }
    }
}
