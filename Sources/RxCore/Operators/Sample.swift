private let sampleKind = ResourceKind("Sample", .observable)
private let sampleSinkKind = ResourceKind("SampleSink", .sink)
private let samplerSinkKind = ResourceKind("SamplerSink", .sink)

extension ObservableType {
    /// At each element or completion of `sampler`, the latest source element
    /// not passed on yet, or else `defaultValue` when there is one.
    ///
    /// The sequence completes at the first sampler tick after the source
    /// completed; an error from either fails it.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        BinaryProducer(
            Sample<Element, Source.Element>(defaultValue: defaultValue), asObservable(), sampler.asObservable(),
            kind: sampleKind, name: "sample")
    }
}

struct Sample<Element, Tick>: BinaryOperator {
    let defaultValue: Element?

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ sampler: Observable<Tick>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SampleSink<Tick, Observer>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source, sampler: sampler))
    }
}

final class SampleSink<Tick, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Serializes the source's and the sampler's events.
    let lock = RecursiveLock()
    let defaultValue: Element?
    var latest: Element?
    var sourceEnded = false
    let sourceSubscription = SingleAssignmentDisposable()

    init(defaultValue: Element?, observer: Observer, cancel: Cancelable) {
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel, kind: sampleSinkKind)
    }

    func run(source: Observable<Element>, sampler: Observable<Tick>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        let samplerSubscription = sampler.subscribe(SamplerSink(sink: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                latest = element
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                sourceEnded = true
                sourceSubscription.dispose()
            }
        }
    }
}

/// Listens to the sampler for a ``SampleSink``.
final class SamplerSink<Tick, Observer: ObserverType>: ObserverType {
    private let token = ResourceToken(samplerSinkKind)
    private let sink: SampleSink<Tick, Observer>

    init(sink: SampleSink<Tick, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Tick>) {
        sink.lock.performLocked {
            switch event {
            case .next, .completed:
                if let element = sink.latest ?? sink.defaultValue {
                    sink.latest = nil
                    sink.forwardOn(.next(element))
                }
                if sink.sourceEnded {
                    sink.forwardOn(.completed)
                    sink.dispose()
                }
            case .error(let error):
                sink.forwardError(error)
            }
        }
    }
}
