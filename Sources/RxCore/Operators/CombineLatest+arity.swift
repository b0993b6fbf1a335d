private let combineLatest2Kind = ResourceKind("CombineLatest2", .observable)
private let combineLatestSink2Kind = ResourceKind("CombineLatestSink2", .sink)
private let combineLatest3Kind = ResourceKind("CombineLatest3", .observable)
private let combineLatestSink3Kind = ResourceKind("CombineLatestSink3", .sink)
private let combineLatest4Kind = ResourceKind("CombineLatest4", .observable)
private let combineLatestSink4Kind = ResourceKind("CombineLatestSink4", .sink)

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when one completes without ever sending an
    /// element; fails with the first error of any.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "combineLatest", site)
        return CombineLatest2(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element)> {
        CombineLatest2(source1.asObservable(), source2.asObservable(), resultSelector: { ($0, $1) }, site: CallSite(file: file, line: line))
    }
}

final class CombineLatest2<E1, E2, Result>: Producer<Result> {
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
        super.init(kind: combineLatest2Kind, chain: OperatorChain("combineLatest", source1.chain, source2.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink2(resultSelector: resultSelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source1, source2))
    }
}

final class CombineLatestSink2<E1, E2, Observer: ObserverType>: CombineLatestSink<Observer> {
    typealias ResultSelector = (E1, E2) throws -> Observer.Element

    /// The user's closure (or the built-in tuple), and where it was handed to `combineLatest`.
    let resultSelector: ResultSelector
    let site: CallSite
    private var latest1: E1?
    private var latest2: E2?

    init(resultSelector: @escaping ResultSelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        super.init(arity: 2, observer: observer, cancel: cancel, kind: combineLatestSink2Kind)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>) -> Disposable {
        Disposables.create([
            subscribe(source1, index: 0) { self.latest1 = $0 },
            subscribe(source2, index: 1) { self.latest2 = $0 },
        ])
    }

    override func getResult() throws -> Observer.Element {
        try resultSelector(latest1!, latest2!)
    }
}

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when one completes without ever sending an
    /// element; fails with the first error of any.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "combineLatest", site)
        return CombineLatest3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        CombineLatest3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: { ($0, $1, $2) }, site: CallSite(file: file, line: line))
    }
}

final class CombineLatest3<E1, E2, E3, Result>: Producer<Result> {
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
        super.init(kind: combineLatest3Kind, chain: OperatorChain("combineLatest", source1.chain, source2.chain, source3.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink3(resultSelector: resultSelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source1, source2, source3))
    }
}

final class CombineLatestSink3<E1, E2, E3, Observer: ObserverType>: CombineLatestSink<Observer> {
    typealias ResultSelector = (E1, E2, E3) throws -> Observer.Element

    /// The user's closure (or the built-in tuple), and where it was handed to `combineLatest`.
    let resultSelector: ResultSelector
    let site: CallSite
    private var latest1: E1?
    private var latest2: E2?
    private var latest3: E3?

    init(resultSelector: @escaping ResultSelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        super.init(arity: 3, observer: observer, cancel: cancel, kind: combineLatestSink3Kind)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>) -> Disposable {
        Disposables.create([
            subscribe(source1, index: 0) { self.latest1 = $0 },
            subscribe(source2, index: 1) { self.latest2 = $0 },
            subscribe(source3, index: 2) { self.latest3 = $0 },
        ])
    }

    override func getResult() throws -> Observer.Element {
        try resultSelector(latest1!, latest2!, latest3!)
    }
}

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when one completes without ever sending an
    /// element; fails with the first error of any.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "combineLatest", site)
        return CombineLatest4(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        CombineLatest4(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: { ($0, $1, $2, $3) }, site: CallSite(file: file, line: line))
    }
}

final class CombineLatest4<E1, E2, E3, E4, Result>: Producer<Result> {
    typealias ResultSelector = (E1, E2, E3, E4) throws -> Result

    private let source1: Observable<E1>
    private let source2: Observable<E2>
    private let source3: Observable<E3>
    private let source4: Observable<E4>
    private let resultSelector: ResultSelector
    private let site: CallSite

    init(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>, resultSelector: @escaping ResultSelector, site: CallSite) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.resultSelector = resultSelector
        self.site = site
        super.init(kind: combineLatest4Kind, chain: OperatorChain("combineLatest", source1.chain, source2.chain, source3.chain, source4.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CombineLatestSink4(resultSelector: resultSelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source1, source2, source3, source4))
    }
}

final class CombineLatestSink4<E1, E2, E3, E4, Observer: ObserverType>: CombineLatestSink<Observer> {
    typealias ResultSelector = (E1, E2, E3, E4) throws -> Observer.Element

    /// The user's closure (or the built-in tuple), and where it was handed to `combineLatest`.
    let resultSelector: ResultSelector
    let site: CallSite
    private var latest1: E1?
    private var latest2: E2?
    private var latest3: E3?
    private var latest4: E4?

    init(resultSelector: @escaping ResultSelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        super.init(arity: 4, observer: observer, cancel: cancel, kind: combineLatestSink4Kind)
    }

    func run(_ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>) -> Disposable {
        Disposables.create([
            subscribe(source1, index: 0) { self.latest1 = $0 },
            subscribe(source2, index: 1) { self.latest2 = $0 },
            subscribe(source3, index: 2) { self.latest3 = $0 },
            subscribe(source4, index: 3) { self.latest4 = $0 },
        ])
    }

    override func getResult() throws -> Observer.Element {
        try resultSelector(latest1!, latest2!, latest3!, latest4!)
    }
}
