import Synchronization

/// The closures handed to libraries during a check: context address to the
/// operator that took it and where.
final class ClosureTable: @unchecked Sendable {
    struct Entry {
        let operatorName: String
        let site: SourceSite
    }

    private let entries = Mutex<[UInt: Entry]>([:])

    func record(_ context: UInt, operatorName: String, site: SourceSite) {
        entries.withLock { $0[context] = Entry(operatorName: operatorName, site: site) }
    }

    func entry(for context: UInt) -> Entry? { entries.withLock { $0[context] } }
}
