import Foundation
import Probes

/// The objects that `NotificationCenter.default`'s observer blocks refer to:
/// its table cannot be read by reflection, so its memory is searched word by
/// word, each allocation sized by the allocator (``HeapAllocation``), a few
/// levels deep and within a budget. A word is only a candidate (a scan this
/// wide also reads the check's own objects): see ``holds(_:inspector:)``.
struct ObserverTable {
    /// The allocations each word was read from, a few per word.
    private let containers: [UInt: [UInt]]

    private static let depth = 6
    private static let allocationBudget = 4_096
    private static let wordBudget = 1 << 20
    private static let containersPerWord = 4

    /// Reads the default center's table as it is now.
    init() {
        let center = Self.centerAddress
        var containers: [UInt: [UInt]] = [center: []], frontier = [center]
        var allocations = 0, read = 0
        for _ in 0..<Self.depth {
            var next: [UInt] = []
            for address in frontier where allocations < Self.allocationBudget && read < Self.wordBudget {
                guard let content = HiddenHolder.chunkWords(at: address) else { continue }
                allocations += 1
                read += content.count
                for word in content where word >= 0x10000 && word % 16 == 0 {
                    guard let found = containers[word] else {
                        containers[word] = [address]
                        next.append(word)
                        continue
                    }
                    if found.count < Self.containersPerWord, !found.contains(address) {
                        containers[word]?.append(address)
                    }
                }
            }
            frontier = next
        }
        self.containers = containers
    }

    /// The path from `NotificationCenter.default` to `object` when an observer block holds it:
    /// a word the scan read it from lies in a closure context that captures it strongly, or in
    /// memory that is no Swift object (the table's own storage, a block). One read from an
    /// instance of a class is that object's field, which the check reads itself; one from a
    /// context that holds it weakly or unowned is no hold. Its last edge, the block's capture,
    /// is the one to break; the block is named where it was written when debug info says.
    /// Of several holding containers, one whose block's site is found is preferred: stale memory the
    /// scan also read may hold the object's address beside no function.
    func path(to object: RetainNode, inspector: HeapInspector) -> RetainCycle? {
        let holders = (containers[object.address] ?? []).filter { container in
            guard let node = inspector.node(at: container) else { return true }
            return (node.closure != nil || node.kind == .closure || node.kind == .closureContext)
                && node.references.contains(where: { $0.target == object.address && $0.kind == .strong })
        }
        guard let first = holders.first else { return nil }
        let (container, site) =
            holders.lazy.compactMap { container in
                self.site(ofBlockHolding: object.address, from: container, inspector: inspector).map { (container, $0) }
            }.first ?? (first, nil)
        let center = RetainNode(address: Self.centerAddress, name: "NotificationCenter.default", kind: .global)
        let block = RetainNode(
            address: container, name: "closure given to addObserver" + (site.map { " at \($0)" } ?? ""),
            kind: .closure, call: "addObserver")
        return RetainCycle(
            edges: [
                RetainEdge(from: center, to: block, reference: .root(.notificationObserver), kind: .strong, site: nil),
                RetainEdge(from: block, to: object, reference: .capture, kind: .strong, site: site),
            ], isVerified: false)
    }

    /// Where the block holding `object` from `context` was written. A closure is stored as its
    /// function then its context: the block the center keeps wraps the one given to addObserver,
    /// whose function is stored before `object` (a closure capturing only `self` has the object
    /// as its context) or before `context` where the scan read it (one capturing more).
    private func site(ofBlockHolding object: UInt, from context: UInt, inspector: HeapInspector) -> String? {
        // An allocator whose header does not size the allocation (a sanitizer's) still gives its first words.
        func functions(before target: UInt, in allocation: UInt) -> [UInt] {
            guard let words = HiddenHolder.chunkWords(at: allocation) ?? Memory.readWords(allocation, count: 16) else {
                return []
            }
            return words.indices.dropFirst().filter { words[$0] == target }.map { words[$0 - 1] }
        }
        let candidates =
            functions(before: object, in: context) + (inspector.node(at: context)?.closure?.wrappedFunctions ?? [])
            + (containers[context] ?? []).flatMap { functions(before: context, in: $0) }
        return candidates.lazy.compactMap(RootSearch.site(ofFunctionAt:)).first
    }

    /// The observer blocks the table keeps whose closure is named where it was written: each closure
    /// context read from the table's memory (a block that captures nothing has none), with the site of
    /// the function stored beside it. Contexts only the library's own code made name no site of the
    /// code under test and are left out.
    func blocks(inspector: HeapInspector) -> [(context: UInt, site: String)] {
        let read = Set(containers.values.joined())
        let contexts = read.filter { address in
            guard let node = inspector.node(at: address) else { return false }
            return node.closure != nil || node.kind == .closureContext
        }
        // The block the center keeps wraps the closure given to addObserver: one block, counted once, as the outer.
        let wrapped = Set(
            contexts.flatMap { context in (HiddenHolder.chunkWords(at: context) ?? []).filter(contexts.contains) })
        return contexts.subtracting(wrapped).compactMap { context in
            site(ofBlockHolding: context, from: context, inspector: inspector).map { (context, $0) }
        }
    }

    private static var centerAddress: UInt {
        UInt(bitPattern: Unmanaged.passUnretained(NotificationCenter.default).toOpaque())
    }

    static let pattern = LeakPattern(
        id: "notification-observer-captures-self", name: "a notification observer block captures the object strongly",
        source: nil,
        fix:
            "capture [weak self] in the block, and remove the observer (NotificationCenter.default.removeObserver(token)) in deinit"
    )
}

/// `NotificationCenter.default`, as a root of the path search: it holds what the observer blocks
/// in its table capture strongly, found by a word scan of the table (``ObserverTable``), read only
/// when an object is left for it to explain.
struct ObserverRoots: RootProvider {
    var kind: RootKind { .notificationObserver }

    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        let table = ObserverTable()
        let paths = targets.values.compactMap { object in
            table.path(to: object, inspector: inspector).map { (object.address, $0) }
        }
        guard let center = paths.first?.1.edges.first?.from else { return [] }
        return [
            HeapRoot(
                kind: .notificationObserver, name: center.name, address: center.address,
                holding: .captures(Dictionary(uniqueKeysWithValues: paths)))
        ]
    }
}
