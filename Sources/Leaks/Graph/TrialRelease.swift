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
    init(releasing holder: UInt, inspector: HeapInspector) {
        var freed: Set<UInt> = []
        var referencesFromReleased: [UInt: Int] = [:]
        var released = [holder]
        while let address = released.popLast() {
            for reference in inspector.node(at: address)?.references ?? [] where reference.kind == .strong {
                let target = reference.target
                guard target != holder, !freed.contains(target) else { continue }
                referencesFromReleased[target, default: 0] += 1
                guard let strong = RefCounts.snapshot(ofObjectAt: target)?.strong,
                      strong <= referencesFromReleased[target, default: 0] else { continue }
                freed.insert(target)
                released.append(target)
            }
        }
        self.freed = freed
        self.releasedReferences = referencesFromReleased.filter { !freed.contains($0.key) }
    }

    /// The strong references to the object at `address` that would be left;
    /// `read` is its count when it was read with the graph, if it was.
    func strongCount(ofObjectAt address: UInt, read: Int? = nil) -> Int? {
        (read ?? RefCounts.snapshot(ofObjectAt: address)?.strong).map { $0 - releasedReferences[address, default: 0] }
    }
}
