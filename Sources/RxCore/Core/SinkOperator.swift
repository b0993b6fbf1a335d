/// A single-source operator whose run is only this: make the sink, subscribe
/// it to the source. It says how to make the sink; ``run(_:_:cancel:)`` does the rest.
protocol SinkOperator: UnaryOperator {
    /// The sink that receives the source's events for `observer`.
    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element
}

extension SinkOperator {
    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = makeSink(observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}
