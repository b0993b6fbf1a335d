/// A binary min-heap; `isBefore` must be a strict order that breaks ties
/// (schedulers order by due time, then by scheduling order).
struct PriorityQueue<Element> {
    private let isBefore: (Element, Element) -> Bool
    private var elements: [Element] = []

    init(isBefore: @escaping (Element, Element) -> Bool) {
        self.isBefore = isBefore
    }

    func peek() -> Element? { elements.first }

    func count(where isIncluded: (Element) -> Bool) -> Int { elements.count(where: isIncluded) }

    /// The elements in the order they would be dequeued.
    func sorted() -> [Element] { elements.sorted(by: isBefore) }

    mutating func enqueue(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBefore(elements[child], elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func dequeue() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let first = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count, isBefore(elements[left], elements[smallest]) { smallest = left }
            if right < elements.count, isBefore(elements[right], elements[smallest]) { smallest = right }
            guard smallest != parent else { break }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
