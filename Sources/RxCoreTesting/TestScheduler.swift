import RxCore

/// RxTest's virtual time scheduler: hot and cold test sequences, recording
/// observers, and `start` to run a sequence between creation, subscription
/// and disposal times.
///
/// Work scheduled "now" runs one tick later when `simulateProcessingDelay` is
/// on (the default), exactly as in RxTest, so recorded times match RxTest's.
public class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    /// The default times of ``start(_:)``.
    public struct Defaults {
        /// When the sequence is created: 100.
        public static let created = 100
        /// When it is subscribed: 200.
        public static let subscribed = 200
        /// When the subscription is disposed: 1000.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// A scheduler whose clock reads `initialClock`; one tick is `resolution` seconds.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Runs `action` at `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// A sequence that sends `events` at their times whoever listens, and
    /// records when it is subscribed and unsubscribed.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(hot: self, recordedEvents: events)
    }

    /// A sequence that sends `events` to each subscriber at their times counted
    /// from its subscription, and records the subscriptions.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(cold: self, recordedEvents: events)
    }

    /// An observer that records each event with the clock at its arrival.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Work due now or earlier runs at the clock, plus one tick with
    /// simulated processing delay.
    override public func adjustScheduledTime(_ time: TestTime) -> TestTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the sequence with `create` at `created`, subscribes to it at
    /// `subscribed`, disposes the subscription at `disposed`, runs the
    /// scheduler to the end and returns what was recorded.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// ``start(created:subscribed:disposed:create:)`` created at 100 and
    /// subscribed at 200.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// ``start(created:subscribed:disposed:create:)`` with RxTest's defaults:
    /// created at 100, subscribed at 200, disposed at 1000.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
