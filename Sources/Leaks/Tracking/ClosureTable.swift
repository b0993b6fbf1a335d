import Synchronization

/// The closures handed to libraries during a check: context address to the
/// operator that took it and where.
final class ClosureTable: @unchecked Sendable {
    struct Entry {
        let operatorName: String
        /// Placed in the source only when a report names the closure.
        let place: @Sendable () -> SourceSite
        var site: SourceSite { place() }
    }

    /// Several entries share a context when several closures capture one
    /// object alone (the object is then their context): `map(validate)` and
    /// `subscribe(onNext: { self… })` in one chain.
    private let entries = Mutex<[UInt: [Entry]]>([:])

    func record(_ context: UInt, operatorName: String, site: @escaping @Sendable () -> SourceSite) {
        entries.withLock { $0[context, default: []].append(Entry(operatorName: operatorName, place: site)) }
    }

    /// The latest closure with `context`; with several, the one whose
    /// operator names the object that holds it (`map` for a `MapSink`).
    func entry(for context: UInt, heldBy holder: String? = nil) -> Entry? {
        entries.withLock { entries in
            guard let candidates = entries[context] else { return nil }
            let holder = holder?.lowercased() ?? ""
            return candidates.last { entry in
                let base = entry.operatorName.prefix { $0 != "(" }.lowercased()
                return !base.isEmpty && holder.hasPrefix(base)
            } ?? candidates.last
        }
    }
}
