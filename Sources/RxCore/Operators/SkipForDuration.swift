private let skipForDurationKind = ResourceKind("SkipForDuration", .observable)

extension ObservableType {
    /// Drops the elements sent within `duration` of subscribing and passes on
    /// the rest; the timer runs on `scheduler`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryProducer(
            ForDuration(role: .skip, duration: duration, scheduler: scheduler), source: asObservable(),
            kind: skipForDurationKind, name: "skip(_:scheduler:)")
    }
}
