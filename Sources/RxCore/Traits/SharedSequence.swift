/// A sequence that never fails, delivers on the ``SharingScheduler`` and
/// shares one subscription among its subscribers, as RxCocoa's: ``Driver``
/// (replaying the latest element) and ``Signal`` (not replaying).
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType,
    ObservableConvertibleType
{
    let source: Observable<Element>

    /// Shares `source` by the strategy. Usable from inlinable code: the
    /// transparent operators that record their caller's site build with it.
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Uses `source` as it is, for sources that need no sharing.
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The underlying, shared sequence.
    public func asObservable() -> Observable<Element> { source }

    /// Itself.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

/// How a ``SharedSequence`` shares its subscription and where it delivers.
public protocol SharingStrategyProtocol {
    /// Where the sequence delivers its elements.
    static var scheduler: SchedulerType { get }

    /// `source` shared the way this strategy shares.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be turned into a ``SharedSequence``.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// The sequence as a ``SharedSequence``.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// The underlying, shared sequence.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}

extension SharedSequence {
    /// A sequence that completes at once, on the sharing scheduler.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that never sends anything.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// A sequence of `element`, then completion, on the sharing scheduler.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence of `elements`, then completion, on the sharing scheduler.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        from(elements)
    }

    /// A sequence of the elements of `array`, then completion, on the sharing scheduler.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `sequence`, then completion, on the sharing scheduler.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of `optional`'s value if it has one, then completion, on the sharing scheduler.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        from(optional.map { [$0] } ?? [])
    }

    /// A sequence whose subscriptions each subscribe to a fresh one from `observableFactory`.
    @_transparent
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        deferred(observableFactory, site: .here())
    }

    /// `deferred` with the site its public form takes from its caller.
    @usableFromInline
    static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred({ observableFactory().asObservable() }, site: site))
    }
}

extension ObservableConvertibleType {
    /// A shared sequence of `sharingStrategy` (a ``Driver``'s, a ``Signal``'s or
    /// one of the app's own) that sends `onErrorJustReturn` and completes in place of an error.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self, onErrorJustReturn: Element
    ) -> SharedSequence<SharingStrategy, Element> {
        shared { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// A shared sequence of `sharingStrategy` that goes on with `onErrorDriveWith` in place of an error.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorDriveWith: SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        shared { $0.catch { _ in onErrorDriveWith.asObservable() } }
    }

    /// A shared sequence of `sharingStrategy` that goes on with what
    /// `onErrorRecover` makes of an error.
    @_transparent
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorRecover: @escaping (Swift.Error) -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        asSharedSequence(sharingStrategy: sharingStrategy, onErrorRecover: onErrorRecover, site: .here())
    }

    /// `asSharedSequence` with the site its public form takes from its caller.
    @usableFromInline
    func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorRecover: @escaping (Swift.Error) -> SharedSequence<SharingStrategy, Element>,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        shared { $0.catch({ error in onErrorRecover(error).asObservable() }, site: site) }
    }

    /// This sequence delivered on the sharing scheduler, its errors handled
    /// by `recover`, and shared: what `asSharedSequence(…)` makes, and with it
    /// `asDriver(…)` and `asSignal(…)`.
    private func shared<SharingStrategy>(
        _ recover: (Observable<Element>) -> Observable<Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(recover(asObservable().observe(on: SharingStrategy.scheduler)))
    }
}

extension SharedSequence where Element: FixedWidthInteger {
    /// 0, 1, 2, … every `period` on the sharing scheduler, starting one period
    /// after subscription; never ends.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// 0 after `dueTime`, then 1, 2, … every `period`, on the sharing scheduler.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
