import Dispatch
import RxCore
import XCTest

/// Many threads subscribing, emitting, disposing and replacing bags on one
/// shared source at once; the harness checks grammar, terminal delivery and
/// that every resource is released.
final class SharedSourceStressTests: StressTestCase {
    func testPublishSubject() {
        stress("PublishSubject") {
            let subject = PublishSubject<Int>()
            return (subject.asObservable(), { subject.onNext($0) }, { subject.onCompleted() })
        }
    }

    func testBehaviorSubject() {
        stress("BehaviorSubject") {
            let subject = BehaviorSubject<Int>(value: 0)
            return (subject.asObservable(), { subject.onNext($0) }, { subject.onCompleted() })
        }
    }

    func testReplaySubject() {
        stress("ReplaySubject") {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            return (subject.asObservable(), { subject.onNext($0) }, { subject.onCompleted() })
        }
    }

    func testPublishRelay() {
        stress("PublishRelay") {
            let relay = PublishRelay<Int>()
            return (relay.asObservable(), { relay.accept($0) }, nil)
        }
    }

    func testBehaviorRelay() {
        stress("BehaviorRelay") {
            let relay = BehaviorRelay<Int>(value: 0)
            return (relay.asObservable(), { relay.accept($0) }, nil)
        }
    }

    func testShareReplayWhileConnected() {
        stress("share(replay: 1, scope: .whileConnected)") {
            let subject = PublishSubject<Int>()
            let shared = subject.map { $0 + 1 }.share(replay: 1, scope: .whileConnected)
            return (shared, { subject.onNext($0) }, { subject.onCompleted() })
        }
    }

    func testShareReplayForever() {
        stress("share(replay: 2, scope: .forever)") {
            let subject = PublishSubject<Int>()
            let shared = subject.map { $0 + 1 }.share(replay: 2, scope: .forever)
            return (shared, { subject.onNext($0) }, { subject.onCompleted() })
        }
    }

    func testFlatMapLatest() {
        stress("flatMapLatest") {
            let outer = PublishSubject<Int>()
            let inners = (0..<4).map { _ in BehaviorSubject<Int>(value: 0) }
            let latest = outer.flatMapLatest { inners[$0 % inners.count] }
            return (
                latest,
                { value in
                    outer.onNext(value)
                    inners[(value / 2) % inners.count].onNext(value)
                },
                {
                    outer.onCompleted()
                    inners.forEach { $0.onCompleted() }
                }
            )
        }
    }

    func testCombineLatest() {
        stress("combineLatest") {
            let left = BehaviorSubject<Int>(value: 0)
            let right = PublishSubject<Int>()
            let combined = Observable.combineLatest(left, right) { $0 + $1 }
            return (
                combined,
                { value in
                    if value % 2 == 0 { left.onNext(value) } else { right.onNext(value) }
                },
                {
                    left.onCompleted()
                    right.onCompleted()
                }
            )
        }
    }

    func testObserveOnConcurrentThenSerialScheduler() {
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
        let serial = SerialDispatchQueueScheduler(qos: .default)
        stress("observe(on: concurrent) → observe(on: serial)") {
            let subject = PublishSubject<Int>()
            let chain =
                subject
                .observe(on: concurrent)
                .map { $0 * 2 }
                .filter { $0 % 3 != 0 }
                .observe(on: serial)
            return (chain, { subject.onNext($0) }, { subject.onCompleted() })
        }
    }
}
