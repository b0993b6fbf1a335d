private let zip2Kind = ResourceKind("Zip2", .observable)
private let zipSink2Kind = ResourceKind("ZipSink2", .sink)
private let zip3Kind = ResourceKind("Zip3", .observable)
private let zipSink3Kind = ResourceKind("ZipSink3", .sink)

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, buffering
    /// the elements of faster sources. Completes when all have completed, or
    /// when one has completed and another sends an element that can never be
    /// paired; fails with the first error of any.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "zip", site)
        return Zip2(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element)> {
        Zip2(source1.asObservable(), source2.asObservable(), resultSelector: { ($0, $1) }, site: CallSite(file: file, line: line))
    }
}

final class Zip2<E1, E2, Result>: Producer<Result> {
    typealias ResultSelector = (E1, E2) throws -> Result

    private let source1: Observable<E1>
    private let source2: Observable<E2>
    private let resultSelector: ResultSelector
    private let site: CallSite

    init(_ source1: Observable<E1>, _ source2: Observable<E2>, resultSelector: @escaping ResultSelector, site: CallSite) {
        self.source1 = source1
        self.source2 = source2
        self.resultSelector = resultSelector
        self.site = site
        super.init(kind: zip2Kind, chain: OperatorChain("zip", source1.chain, source2.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipSink2(resultSelector: resultSelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source1, source2))
    }
}

final class ZipSink2<E1, E2, Observer: ObserverType>: ZipSink<Observer> {
    typealias ResultSelector = (E1, E2) throws -> Observer.Element

    /// The user's closure (or the built-in tuple), and where it was handed to `zip`.
    let resultSelector: ResultSelector
    let site: CallSite
    private var values1 = Queue<E1>()
    private var values2 = Queue<E2>()

    init(resultSelector: @escaping ResultSelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        super.init(arity: 2, observer: observer, cancel: cancel, kind: zipSink2Kind)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>) -> Disposable {
        Disposables.create([
            subscribe(source1, index: 0) { self.values1.enqueue($0) },
            subscribe(source2, index: 1) { self.values2.enqueue($0) },
        ])
    }

    override func hasElements(_ index: Int) -> Bool {
        switch index {
        case 0: !values1.isEmpty
        default: !values2.isEmpty
        }
    }

    override func getResult() throws -> Observer.Element {
        try resultSelector(values1.dequeue()!, values2.dequeue()!)
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, buffering
    /// the elements of faster sources. Completes when all have completed, or
    /// when one has completed and another sends an element that can never be
    /// paired; fails with the first error of any.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "zip", site)
        return Zip3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Zip3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: { ($0, $1, $2) }, site: CallSite(file: file, line: line))
    }
}

final class Zip3<E1, E2, E3, Result>: Producer<Result> {
    typealias ResultSelector = (E1, E2, E3) throws -> Result

    private let source1: Observable<E1>
    private let source2: Observable<E2>
    private let source3: Observable<E3>
    private let resultSelector: ResultSelector
    private let site: CallSite

    init(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, resultSelector: @escaping ResultSelector, site: CallSite) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.resultSelector = resultSelector
        self.site = site
        super.init(kind: zip3Kind, chain: OperatorChain("zip", source1.chain, source2.chain, source3.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ZipSink3(resultSelector: resultSelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source1, source2, source3))
    }
}

final class ZipSink3<E1, E2, E3, Observer: ObserverType>: ZipSink<Observer> {
    typealias ResultSelector = (E1, E2, E3) throws -> Observer.Element

    /// The user's closure (or the built-in tuple), and where it was handed to `zip`.
    let resultSelector: ResultSelector
    let site: CallSite
    private var values1 = Queue<E1>()
    private var values2 = Queue<E2>()
    private var values3 = Queue<E3>()

    init(resultSelector: @escaping ResultSelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        super.init(arity: 3, observer: observer, cancel: cancel, kind: zipSink3Kind)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>) -> Disposable {
        Disposables.create([
            subscribe(source1, index: 0) { self.values1.enqueue($0) },
            subscribe(source2, index: 1) { self.values2.enqueue($0) },
            subscribe(source3, index: 2) { self.values3.enqueue($0) },
        ])
    }

    override func hasElements(_ index: Int) -> Bool {
        switch index {
        case 0: !values1.isEmpty
        case 1: !values2.isEmpty
        default: !values3.isEmpty
        }
    }

    override func getResult() throws -> Observer.Element {
        try resultSelector(values1.dequeue()!, values2.dequeue()!, values3.dequeue()!)
    }
}
