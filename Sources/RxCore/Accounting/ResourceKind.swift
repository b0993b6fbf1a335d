import CRxCoreThread
import Synchronization

/// One kind of RxCore resource (`PublishSubject`, `MapSink`, `DisposeBag`, ...)
/// with its live count.
///
/// RxCore declares each kind once, as a global constant. A value with no
/// reference in it, such a constant is initialised at compile time: counting a
/// resource reads the kind's index with one load, where a global object would
/// be initialised lazily and cost a call into the runtime (`swift_once`) on
/// every access. The kind takes its index, and joins the kinds that snapshots
/// list, when its first resource is counted.
public struct ResourceKind: ~Copyable, Sendable {
    /// The name shown in snapshots, such as `"MapSink"`.
    public let name: String
    /// The broad family the kind belongs to, used to group counts in reports.
    public let family: Family
    /// The kind's index in the table, -1 until the kind is first used.
    private let registeredIndex = Atomic<Int32>(-1)

    /// Broad families of resources, as the CLI's count columns show them.
    public enum Family: String, Sendable, CaseIterable, Codable {
        /// Observables and producers.
        case observable
        /// Sinks: the per-subscription workers of operators.
        case sink
        /// Subjects and relays.
        case subject
        /// Disposables and dispose bags.
        case disposable
        /// Scheduled work items and timers.
        case scheduled
    }

    init(_ name: String, _ family: Family) {
        self.name = name
        self.family = family
    }

    /// Where this kind's live count is kept in each thread's counts.
    @inline(__always)
    var index: Int32 {
        let index = registeredIndex.load(ordering: .acquiring)
        return index >= 0 ? index : register()
    }

    @inline(never)
    private func register() -> Int32 {
        ResourceKindTable.shared.register(name: name, family: family, index: registeredIndex)
    }

    /// The number of live resources of this kind in the whole process.
    public var liveCount: Int { ResourceKindTable.liveCounts(upTo: index + 1)[Int(index)] }
}

/// A resource kind made at run time, such as `combineLatest`'s for each
/// number of sources: kept in an object where a global constant cannot be.
final class RuntimeResourceKind: Sendable {
    let kind: ResourceKind

    init(_ name: String, _ family: ResourceKind.Family) { kind = ResourceKind(name, family) }
}

/// The table of every kind used so far; snapshots read it.
///
/// Live counts are kept per thread, by kind index (CRxCoreThread): counting a
/// resource is a plain load and store in its thread's counts, where a counter
/// every thread shares would take an atomic read-modify-write.
final class ResourceKindTable: Sendable {
    static let shared = ResourceKindTable()
    /// The name and family of each kind, by index.
    private let kinds = Mutex<[(name: String, family: ResourceKind.Family)]>([])

    /// Gives a kind its index, once: under the lock, so that two threads
    /// counting the kind's first resources register it only once.
    func register(name: String, family: ResourceKind.Family, index: borrowing Atomic<Int32>) -> Int32 {
        kinds.withLock { kinds in
            let registered = index.load(ordering: .relaxed)
            if registered >= 0 { return registered }
            precondition(kinds.count < CRXCORE_KIND_CAPACITY, "more resource kinds than CRXCORE_KIND_CAPACITY")
            kinds.append((name, family))
            let new = Int32(kinds.count - 1)
            index.store(new, ordering: .releasing)
            return new
        }
    }

    /// The name of the kind at `index`, if one has it.
    func name(at index: Int) -> String? {
        kinds.withLock { $0.indices.contains(index) ? $0[index].name : nil }
    }

    /// The family of the kind at `index`, if one has it.
    func family(at index: Int) -> ResourceKind.Family? {
        kinds.withLock { $0.indices.contains(index) ? $0[index].family : nil }
    }

    /// Every kind used so far, in index order.
    var kindsSoFar: [(name: String, family: ResourceKind.Family)] { kinds.withLock { $0 } }

    /// Every kind used so far with its live count, in index order.
    var liveCounts: [(name: String, family: ResourceKind.Family, count: Int)] {
        let kinds = kinds.withLock { $0 }
        let counts = Self.liveCounts(upTo: Int32(kinds.count))
        return kinds.enumerated().map { ($1.name, $1.family, counts[$0]) }
    }

    /// The live counts summed by family (families with none left out), and their total.
    func familyTotals() -> (byFamily: [ResourceKind.Family: Int], total: Int) {
        let kinds = kinds.withLock { $0 }
        let counts = Self.liveCounts(upTo: Int32(kinds.count))
        var byFamily: [ResourceKind.Family: Int] = [:]
        var total = 0
        for index in kinds.indices where counts[index] != 0 {
            total += counts[index]
            byFamily[kinds[index].family, default: 0] += counts[index]
        }
        return (byFamily, total)
    }

    /// The live counts of kinds `0 ..< count`, by index, summed over every thread.
    static func liveCounts(upTo count: Int32) -> [Int] {
        [Int64](unsafeUninitializedCapacity: Int(count)) { totals, initialized in
            crxcore_read_counts(totals.baseAddress!, count)
            initialized = Int(count)
        }.map { Int($0) }
    }
}
