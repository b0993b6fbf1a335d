extension ObservableType {
    /// `element` again and again, one per run on `scheduler`, without end.
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ScheduledElement(element, .forever, scheduler: scheduler)
    }
}
