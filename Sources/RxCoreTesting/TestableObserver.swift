import RxCore
import Synchronization

/// An observer that records every event it receives with the test
/// scheduler's clock at that moment.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    private let scheduler: TestScheduler
    private let recorded = Mutex<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// The events received, in order, with their times.
    public var events: [Recorded<Event<Element>>] { recorded.withLock { $0 } }

    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }
}
