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
    let live = Atomic<Int>(0)

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
        ResourceKindTable.shared.register(self)
    }

    /// The number of live resources of this kind in the whole process.
    public var liveCount: Int { live.load(ordering: .relaxed) }
}

/// The table of every kind created so far; snapshots read it.
final class ResourceKindTable: Sendable {
    static let shared = ResourceKindTable()
    private let kinds = Mutex<[ResourceKind]>([])

    func register(_ kind: ResourceKind) {
        kinds.withLock { $0.append(kind) }
    }

    var all: [ResourceKind] { kinds.withLock { $0 } }
}
