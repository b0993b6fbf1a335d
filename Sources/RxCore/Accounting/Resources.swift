import CRxCoreThread

/// Live RxCore resources, always counted.
///
/// `Resources.total` has RxSwift's name and meaning: the number of live
/// observables, sinks, subjects, disposables and scheduled items. Unlike
/// RxSwift's, it needs no compile flag, and ``snapshot()`` breaks it down by
/// kind.
public enum Resources {
    /// The number of RxCore resources alive in the whole process.
    ///
    /// The sum of the per-kind counts: a second, process-wide counter would
    /// cost every resource two more contended atomic operations. Exact
    /// whenever no resource is being created or freed meanwhile.
    public static var total: Int32 {
        Int32(truncatingIfNeeded: ResourceKindTable.shared.liveCounts.reduce(0) { $0 + $1.count })
    }

    /// Live counts by kind, for every kind that has a live resource.
    public static func snapshot() -> ResourceSnapshot {
        ResourceSnapshot(ResourceKindTable.shared.liveCounts)
    }

    /// Live counts summed by family, and ``total``, from one read of the
    /// counts: what a leak check takes around every test of a suite, where
    /// ``snapshot()`` would build a dictionary of every kind.
    package static func familyTotals() -> (byFamily: [ResourceKind.Family: Int], total: Int) {
        ResourceKindTable.shared.familyTotals()
    }

    /// Whether this build of RxCore counts resources (it does unless it was
    /// compiled with `RXCORE_NO_ACCOUNTING`).
    public static var isAccountingEnabled: Bool {
        #if RXCORE_NO_ACCOUNTING
        false
        #else
        true
        #endif
    }
}

/// Live resource counts by kind at one moment.
public struct ResourceSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// Live count per kind name; kinds with no live resource are absent.
    public let counts: [String: Int]
    let families: [String: ResourceKind.Family]

    /// The kinds with a live resource among `kinds`.
    init(_ kinds: some Sequence<(name: String, family: ResourceKind.Family, count: Int)>) {
        var counts: [String: Int] = [:]
        var families: [String: ResourceKind.Family] = [:]
        for (name, family, count) in kinds where count != 0 {
            counts[name, default: 0] += count
            families[name] = family
        }
        self.counts = counts
        self.families = families
    }

    /// The sum of all counts.
    public var total: Int { counts.values.reduce(0, +) }

    /// The live count of one kind (0 when none is alive).
    public subscript(kind: String) -> Int { counts[kind] ?? 0 }

    /// Sums of counts per family (sinks, subjects, disposables, ...).
    public var byFamily: [ResourceKind.Family: Int] {
        var sums: [ResourceKind.Family: Int] = [:]
        for (name, count) in counts { sums[families[name] ?? .observable, default: 0] += count }
        return sums
    }

    /// What changed from `earlier` to this snapshot: kind name to difference,
    /// kinds that did not change left out.
    public func difference(from earlier: ResourceSnapshot) -> [String: Int] {
        var delta: [String: Int] = [:]
        for name in Set(counts.keys).union(earlier.counts.keys) {
            let change = self[name] - earlier[name]
            if change != 0 { delta[name] = change }
        }
        return delta
    }

    /// One `kind: count` line per kind, sorted by name.
    public var description: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
    }
}

/// Resources counted by hand: code outside RxCore that calls `incrementTotal()` when it creates
/// something and `decrementTotal()` when that goes away, as RxSwift extensions do under `TRACE_RESOURCES`.
private let countedByHandKind = ResourceKind("CountedByHand", .observable)

extension Resources {
    /// Counts one more resource in ``total``, one that RxCore did not create; returns the total before.
    ///
    /// RxSwift offers it under `TRACE_RESOURCES` so that extensions count their own objects; RxCore
    /// counts always, so the call is always there. Pair each call with ``decrementTotal()``.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        adjustCountedByHand(by: 1)
    }

    /// Counts one resource fewer in ``total`` (one counted by ``incrementTotal()``); returns the total before.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        adjustCountedByHand(by: -1)
    }

    private static func adjustCountedByHand(by change: Int) -> Int32 {
        let before = total
        crxcore_count_shared(countedByHandKind.index, Int64(change))
        return before
    }
}
