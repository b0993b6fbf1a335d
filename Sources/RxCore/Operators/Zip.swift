/// A `zip` source's elements not yet paired, oldest first.
struct QueuedElements<Element>: ElementBuffer {
    private var queue = Queue<Element>()

    static var keepsElements: Bool { false }

    var hasElement: Bool { !queue.isEmpty }

    mutating func store(_ element: Element) { queue.enqueue(element) }

    mutating func take() -> Element { queue.dequeue()! }
}
