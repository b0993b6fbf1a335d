/// A `combineLatest` source's latest element: kept until the next replaces it.
///
/// Boxed rather than an `Element?`: copying an optional of a generic type
/// looks up its metadata, for every element; the box's layout is fixed.
struct LatestElement<Element>: ElementBuffer {
    private var latest: ElementBox<Element>?

    static var keepsElements: Bool { true }

    var hasElement: Bool { latest != nil }

    mutating func store(_ element: Element) {
        if let latest { latest.element = element } else { latest = ElementBox(element) }
    }

    func take() -> Element { latest.unsafelyUnwrapped.element }
}
