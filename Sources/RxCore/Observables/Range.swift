private let rangeKind = ResourceKind("Range", .observable)
private let rangeSinkKind = ResourceKind("RangeSink", .sink)

/// The integer types `range` accepts, as in RxSwift.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// The `count` integers from `start` up, sent one by one on `scheduler`,
    /// then completion.
    public static func range(
        start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

final class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    private let start: Element
    private let count: Element
    private let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        precondition(count >= 0, "count can't be negative")
        precondition(start &+ (count - 1) >= start || count == 0, "overflow of count")
        self.start = start
        self.count = count
        self.scheduler = scheduler
        super.init(kind: rangeKind, chain: OperatorChain.source("range", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = RangeSink(observer: observer, cancel: cancel)
        return (sink, sink.run(start: start, count: count, on: scheduler))
    }
}

final class RangeSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: rangeSinkKind)
    }

    func run(start: Observer.Element, count: Observer.Element, on scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.scheduleRecursive(0 as Observer.Element) { index, recurse in
            if index < count {
                self.forwardOn(.next(start + index))
                recurse(index + 1)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}
