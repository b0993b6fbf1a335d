/// A `zip` source's elements not yet paired, oldest first.
struct QueuedElements<Element>: ElementBuffer {
    private var queue = Queue<Element>()

    static var keepsElements: Bool { false }

    var hasElement: Bool { !queue.isEmpty }

    mutating func store(_ element: Element) { queue.enqueue(element) }

    mutating func take() -> Element { queue.dequeue()! }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources. Completes when all have completed, or when
    /// the others have completed and an element can never be paired; fails
    /// with the first error of any.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "zip", site)
        return CombiningCollection(.zip, sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
    }

    /// Pairs the sources' elements by position: sends the array of every
    /// source's n-th element once all have sent their n-th.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningCollection(.zip, sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: CallSite(file: file, line: line))
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources. Completes when all have completed, or when
    /// the others have completed and an element can never be paired; fails
    /// with the first error of any.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "zip", site)
        return Combining2(.zip, source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element)> {
        Combining2(.zip, source1.asObservable(), source2.asObservable(), resultSelector: { ($0, $1) }, site: CallSite(file: file, line: line))
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources. Completes when all have completed, or when
    /// the others have completed and an element can never be paired; fails
    /// with the first error of any.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "zip", site)
        return Combining3(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Combining3(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: { ($0, $1, $2) }, site: CallSite(file: file, line: line))
    }
}
