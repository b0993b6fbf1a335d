/// A ``SharedSequence`` for UI events: it never fails, delivers on the main
/// scheduler, and shares one subscription without replaying anything to a
/// new subscriber.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing of ``Signal``: no replay, while connected, on the ``SharingScheduler``.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// ``SharingScheduler/make``'s scheduler: the main scheduler unless mocked.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(scope: .whileConnected)`, without replay.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// The sequence as a ``Signal``.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}

extension ObservableConvertibleType {
    /// A signal of this sequence that, on an error, sends `onErrorJustReturn`
    /// and completes.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// A signal of this sequence that, on an error, continues with `onErrorSignalWith`.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(onErrorDriveWith: onErrorSignalWith)
    }

    /// A signal of this sequence that, on an error, continues with the signal
    /// `onErrorRecover` makes for it.
    @_transparent
    public func asSignal(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>
    ) -> Signal<Element> {
        asSignal(onErrorRecover: onErrorRecover, site: .here())
    }

    /// `asSignal` with the site its public form takes from its caller.
    @usableFromInline
    func asSignal(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>,
        site: CallSite
    ) -> Signal<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover, site: site)
    }
}

extension PublishRelay {
    /// The relay as a signal.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension ControlEvent {
    /// The events as a signal.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorSignalWith: .empty())
    }
}
