/// A first-in first-out queue for operator state (buffered elements, pending
/// inner sequences).
///
/// A dequeued element is released at once, so a queue never keeps alive what
/// it has already handed out.
struct Queue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    /// Whether the queue holds no element.
    var isEmpty: Bool { head == storage.count }

    /// The number of elements held.
    var count: Int { storage.count - head }

    /// The oldest element, left in the queue.
    var first: Element? { head < storage.count ? storage[head] : nil }

    mutating func enqueue(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element, or `nil` when empty.
    mutating func dequeue() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
