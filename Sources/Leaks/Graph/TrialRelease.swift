import Probes

/// What would be freed if one object released every strong reference it
/// holds: for a check that runs before the code that releases them, such as
/// an XCTest teardown block before the test's own `tearDown()`.
///
/// An object is freed when all its strong references come from the holder or
/// from objects already freed; an object in a cycle, or also held from
/// anywhere else (a global, a singleton, pending work), is not.
struct TrialRelease {
    /// The objects that would be freed; never the holder itself.
    let freed: Set<UInt>
    /// The strong references the holder and the freed objects hold to each
    /// object that would stay: gone with them, so verdicts discount them.
    let releasedReferences: [UInt: Int]

    /// Releases nothing.
    static let none = TrialRelease(freed: [], releasedReferences: [:])

    private init(freed: Set<UInt>, releasedReferences: [UInt: Int]) {
        self.freed = freed
        self.releasedReferences = releasedReferences
    }

    /// Reads only the holder and what would be freed, not all it reaches
    /// (a test case reaches much of XCTest).
    ///
    /// A library's subscription container (a `DisposeBag`) that would be
    /// freed disposes the subscriptions it holds as it goes: their own
    /// objects are released with it, even where they hold each other (a sink
    /// and its subscription do until it ends), and so is what they alone hold.
    init(releasing holder: UInt, inspector: HeapInspector) {
        var freed: Set<UInt> = []
        var referencesFromReleased: [UInt: Int] = [:]
        var released = [holder]
        func free(_ address: UInt) {
            guard address != holder, freed.insert(address).inserted else { return }
            released.append(address)
        }
        while let address = released.popLast() {
            guard let node = inspector.node(at: address) else { continue }
            for reference in node.references where reference.kind == .strong {
                let target = reference.target
                guard target != holder, !freed.contains(target) else { continue }
                referencesFromReleased[target, default: 0] += 1
                guard let strong = RefCounts.snapshot(ofObjectAt: target)?.strong,
                    strong <= referencesFromReleased[target, default: 0]
                else { continue }
                free(target)
            }
            if node.kind == .subscriptionContainer {
                Self.subscriptionObjects(heldBy: node, inspector: inspector).forEach(free)
            }
        }
        self.freed = freed
        self.releasedReferences = referencesFromReleased.filter { !freed.contains($0.key) }
    }

    /// The most objects read for the subscriptions of one container.
    static let subscriptionReadBudget = 10_000

    /// The objects of the subscriptions `container` holds, which disposing
    /// them releases: the library's objects (disposables, sinks, observers)
    /// it reaches through library objects and the standard library's storage.
    /// Neither a closure (what it captures is the app's) nor a subject (a
    /// subscription only observes it) is part of one.
    private static func subscriptionObjects(heldBy container: HeapNode, inspector: HeapInspector) -> [UInt] {
        var objects: Set<UInt> = []
        var queue = container.references.filter { $0.kind == .strong }.map(\.target)
        var head = 0
        while head < queue.count, objects.count < subscriptionReadBudget {
            let address = queue[head]
            head += 1
            guard address != container.address, !objects.contains(address), let node = inspector.node(at: address),
                node.closure == nil, node.isLibrary || node.kind == .storage, node.kind != .subject
            else { continue }
            objects.insert(address)
            queue += node.references.filter { $0.kind == .strong }.map(\.target)
        }
        return Array(objects)
    }

    /// The strong references to the object at `address` that would be left;
    /// `read` is its count when it was read with the graph, if it was.
    func strongCount(ofObjectAt address: UInt, read: Int? = nil) -> Int? {
        (read ?? RefCounts.snapshot(ofObjectAt: address)?.strong).map { $0 - releasedReferences[address, default: 0] }
    }
}
