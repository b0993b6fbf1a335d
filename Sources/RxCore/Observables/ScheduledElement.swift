private let justScheduledKind = ResourceKind("JustScheduled", .observable)
private let justScheduledSinkKind = ResourceKind("JustScheduledSink", .sink)
private let repeatElementKind = ResourceKind("RepeatElement", .observable)
private let repeatElementSinkKind = ResourceKind("RepeatElementSink", .sink)

/// How often ``ScheduledElement`` sends its element: `once`, then completion
/// as a second action (`just(_:scheduler:)`), or `forever`, one per run
/// (`repeatElement(_:scheduler:)`).
enum Repetition {
    case once, forever
}

/// `just(_:scheduler:)` and `repeatElement(_:scheduler:)`: one element sent on a scheduler.
final class ScheduledElement<Element>: Producer<Element>, NamedByResourceKind {
    private let element: Element
    private let scheduler: ImmediateSchedulerType
    private let repetition: Repetition

    init(_ element: Element, _ repetition: Repetition, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
        self.repetition = repetition
        switch repetition {
        case .once:
            super.init(kind: justScheduledKind, chain: OperatorChain.source("just", element: Element.self))
        case .forever:
            super.init(kind: repeatElementKind, chain: OperatorChain.source("repeatElement", element: Element.self))
        }
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        switch repetition {
        case .once:
            let sink = ScheduledElementSink(observer: observer, cancel: cancel, kind: justScheduledSinkKind)
            return (sink, sink.sendOnce(element, on: scheduler))
        case .forever:
            let sink = ScheduledElementSink(observer: observer, cancel: cancel, kind: repeatElementSinkKind)
            return (sink, sink.sendForever(element, on: scheduler))
        }
    }
}

final class ScheduledElementSink<Observer: ObserverType>: Sink<Observer>, NamedByResourceKind {
    func sendOnce(_ element: Observer.Element, on scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.schedule(element) { element in
            self.forwardNext(element)
            return scheduler.schedule(()) { _ in
                self.forwardCompleted()
                return Disposables.create()
            }
        }
    }

    func sendForever(_ element: Observer.Element, on scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.scheduleRecursive(element) { element, recurse in
            self.forwardOn(.next(element))
            recurse(element)
        }
    }
}
