private let observableSequenceKind = ResourceKind("ObservableSequence", .observable)
private let observableSequenceSinkKind = ResourceKind("ObservableSequenceSink", .sink)

extension ObservableType {
    /// A sequence of `elements`, sent one by one on `scheduler`, then completion.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Observable<Element>
    {
        ObservableSequence(elements: elements, scheduler: scheduler, operatorName: "of")
    }

    /// A sequence of the elements of `array`, sent one by one on `scheduler`,
    /// then completion.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Observable<Element>
    {
        ObservableSequence(elements: array, scheduler: scheduler, operatorName: "from")
    }

    /// A sequence of the elements of `sequence`, sent one by one on
    /// `scheduler`, then completion.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element>
    where Sequence.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler, operatorName: "from")
    }
}

final class ObservableSequence<Elements: Swift.Sequence>: Producer<Elements.Element> {
    private let elements: Elements
    private let scheduler: ImmediateSchedulerType

    init(elements: Elements, scheduler: ImmediateSchedulerType, operatorName: String) {
        self.elements = elements
        self.scheduler = scheduler
        super.init(
            kind: observableSequenceKind, chain: OperatorChain.source(operatorName, element: Elements.Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Elements.Element {
        let sink = ObservableSequenceSink(observer: observer, cancel: cancel)
        return (sink, sink.run(elements.makeIterator(), on: scheduler))
    }
}

final class ObservableSequenceSink<Observer: ObserverType>: Sink<Observer> {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: observableSequenceSinkKind)
    }

    /// Sends one element per scheduled run, so that on the current-thread
    /// scheduler other queued work interleaves with the elements as in RxSwift.
    func run<Iterator: IteratorProtocol>(_ iterator: Iterator, on scheduler: ImmediateSchedulerType) -> Disposable
    where Iterator.Element == Observer.Element {
        scheduler.scheduleRecursive(iterator) { iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                self.forwardOn(.next(element))
                recurse(iterator)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}
