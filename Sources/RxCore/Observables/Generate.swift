private let generateKind = ResourceKind("Generate", .observable)
private let generateSinkKind = ResourceKind("GenerateSink", .sink)

extension ObservableType {
    /// `initialState`, then each state `iterate` makes from the previous one,
    /// sent one per run on `scheduler` while `condition` holds for it, then
    /// completion; an error either closure throws ends the sequence with it.
    @_transparent
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        generate(
            initialState: initialState, condition: condition, scheduler: scheduler, iterate: iterate, site: .here())
    }

    /// `generate` with the site its public form takes from its caller.
    @usableFromInline
    static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(condition, "generate", site)
        ClosureSites.note(iterate, "generate", site)
        return Generate(
            initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler, site: site)
    }
}

final class Generate<Element>: Producer<Element> {
    typealias Condition = (Element) throws -> Bool
    typealias Iterate = (Element) throws -> Element

    private let initialState: Element
    private let condition: Condition
    private let iterate: Iterate
    private let scheduler: ImmediateSchedulerType
    private let site: CallSite

    init(
        initialState: Element, condition: @escaping Condition, iterate: @escaping Iterate,
        scheduler: ImmediateSchedulerType, site: CallSite
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
        self.site = site
        super.init(kind: generateKind, chain: OperatorChain.source("generate", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = GenerateSink(condition: condition, iterate: iterate, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(initialState, on: scheduler))
    }
}

final class GenerateSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element

    /// The user's closures, and where they were handed to `generate`.
    let condition: (Element) throws -> Bool
    let iterate: (Element) throws -> Element
    let site: CallSite

    init(
        condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element, site: CallSite,
        observer: Observer, cancel: Cancelable
    ) {
        self.condition = condition
        self.iterate = iterate
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: generateSinkKind)
    }

    func run(_ initialState: Element, on scheduler: ImmediateSchedulerType) -> Disposable {
        var state = initialState
        return scheduler.scheduleRecursive(true) { isFirst, recurse in
            do {
                if !isFirst { state = try self.iterate(state) }
                if try self.condition(state) {
                    self.forwardNext(state)
                    recurse(false)
                } else {
                    self.forwardCompleted()
                }
            } catch {
                self.forwardError(error)
            }
        }
    }
}
