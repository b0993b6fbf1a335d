private let takeForDurationKind = ResourceKind("TakeForDuration", .observable)

extension ObservableType {
    /// The elements sent within `duration` of subscribing, then completion;
    /// the timer runs on `scheduler`.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryProducer(
            ForDuration(role: .take, duration: duration, scheduler: scheduler), source: asObservable(),
            kind: takeForDurationKind, name: "take(for:)")
    }

    /// RxSwift 5's name for ``take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}
