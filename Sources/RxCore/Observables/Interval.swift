extension ObservableType where Element: FixedWidthInteger {
    /// A sequence of 0, 1, 2, … sent every `period` on `scheduler`, starting one
    /// period after subscription; it never ends.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timer(name: "interval", dueTime: period, period: period, scheduler: scheduler)
    }
}
