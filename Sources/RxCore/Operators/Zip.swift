/// A `zip` source's elements not yet paired, oldest first.
struct QueuedElements<Element>: ElementBuffer {
    private var queue = Queue<Element>()

    static var keepsElements: Bool { false }

    var hasElement: Bool { !queue.isEmpty }

    mutating func store(_ element: Element) { queue.enqueue(element) }

    mutating func take() -> Element { queue.dequeue()! }
}

extension ObservableType {
    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        site: CallSite
    ) -> Observable<Element> where Collection.Element: ObservableType {
        ClosureSites.note(resultSelector, "zip", site)
        return CombiningCollection(
            .zip, sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningCollection(.zip, sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: site)
    }
}
