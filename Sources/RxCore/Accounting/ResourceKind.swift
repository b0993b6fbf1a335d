import CRxCoreThread
import Synchronization

/// One kind of RxCore resource (`PublishSubject`, `MapSink`, `DisposeBag`, ...)
/// with its live count.
///
/// Kinds are created once per resource type and live for the whole process.
public final class ResourceKind: Sendable {
    /// The name shown in snapshots, such as `"MapSink"`.
    public let name: String
    /// The broad family the kind belongs to, used to group counts in reports.
    public let family: Family
    /// Where this kind's live count is kept in each thread's counts.
    let index: Int32

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
        index = ResourceKindTable.shared.reserveIndex()
        ResourceKindTable.shared.register(self)
    }

    /// The number of live resources of this kind in the whole process.
    public var liveCount: Int { ResourceKindTable.liveCounts(upTo: index + 1)[Int(index)] }
}

/// The table of every kind created so far; snapshots read it.
///
/// Live counts are kept per thread, by kind index (CRxCoreThread): counting a
/// resource is a plain load and store in its thread's counts, where a counter
/// every thread shares would take an atomic read-modify-write.
final class ResourceKindTable: Sendable {
    static let shared = ResourceKindTable()
    /// By index; `nil` for an index reserved by a kind still initialising.
    private let kinds = Mutex<[ResourceKind?]>([])

    /// The next kind's index.
    func reserveIndex() -> Int32 {
        kinds.withLock { kinds in
            precondition(kinds.count < CRXCORE_KIND_CAPACITY, "more resource kinds than CRXCORE_KIND_CAPACITY")
            kinds.append(nil)
            return Int32(kinds.count - 1)
        }
    }

    func register(_ kind: ResourceKind) {
        kinds.withLock { $0[Int(kind.index)] = kind }
    }

    /// In index order.
    var all: [ResourceKind] { kinds.withLock { $0.compactMap { $0 } } }

    /// Every kind with its live count.
    var liveCounts: [(kind: ResourceKind, count: Int)] {
        let kinds = all
        let counts = Self.liveCounts(upTo: (kinds.last?.index ?? -1) + 1)
        return kinds.map { ($0, counts[Int($0.index)]) }
    }

    /// The live counts of kinds `0 ..< count`, by index, summed over every thread.
    static func liveCounts(upTo count: Int32) -> [Int] {
        [Int64](unsafeUninitializedCapacity: Int(count)) { totals, initialized in
            crxcore_read_counts(totals.baseAddress!, count)
            initialized = Int(count)
        }.map { Int($0) }
    }
}
