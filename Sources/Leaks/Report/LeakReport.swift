import Foundation
import ReportFormats

/// The verdict of a leak check: what leaked, why, and what is still subscribed.
public struct LeakReport: Sendable, Encodable, CustomStringConvertible {
    /// The check's name.
    public let name: String
    /// Objects that outlived the check, with the reason and the cycle when found.
    public let leaks: [Leak]
    /// Tracked objects that died only while pending work settled: not leaks.
    public let releasedLate: [String]
    /// Library resources made in the check and still alive after settling,
    /// by kind (kinds with none left out): what the check's own code left,
    /// however many the rest of the process keeps.
    public let leftResources: [ResourceCounts.KindCount]
    /// How many library resources made in the check are still alive after settling (``leftResources`` summed).
    public var resourceDelta: Int { leftResources.reduce(0) { $0 + $1.count } }
    /// Subscriptions made in the check and still alive after settling.
    public let liveSubscriptions: [LiveSubscription]
    /// Live resource counts before the block, after it returned, and after settling.
    public let counts: ResourceCounts
    /// The error the block threw, if it threw.
    public let thrownError: String?
    /// Work still pending when settling gave up, empty when everything settled.
    public let unsettled: [String]
    /// Misuse of the check itself (an object tracked twice, a value type tracked).
    public let problems: [String]
    /// Objects made in the check, still alive and held from outside with no
    /// leak found: kept by design (a cache and what it stores, a singleton
    /// made in the check) or by a holder the check does not know. Never a
    /// failure; each type once, with how many when several.
    public internal(set) var keptAlive: [String] = []
    /// Continuations the Swift runtime found misused while the check was open (freed without being
    /// resumed): each leaves the task awaiting it suspended for ever.
    public internal(set) var continuationMisuses: [ContinuationMisuse] = []

    /// True when nothing leaked, no subscription or resource made in the block is
    /// still alive, the block did not throw, pending work settled, and no continuation was misused.
    public var isClean: Bool {
        leaks.isEmpty && liveSubscriptions.isEmpty && resourceDelta == 0 && thrownError == nil && unsettled.isEmpty
            && continuationMisuses.isEmpty
    }

    /// How many distinct fixes the report lists: one per reference to break (a closure site and the
    /// object it captures, however many times the closure was made) and per holder outside the check whose
    /// fix it names, counted once however many leaked objects it frees. A holder the check could not read
    /// names no fix, and is not counted; causes beyond those listed are ``unlistedFixCount``.
    public var fixCount: Int {
        var keys: Set<LeakCause.FixKey> = []
        for leak in leaks where leak.heldBy == nil {
            keys.formUnion(
                leak.causes.filter { $0.reference != nil || $0.pattern != nil }.map { $0.fixKey(of: leak.address) })
        }
        return keys.count
    }

    /// Causes found beyond those the leaks list (``Leak/unlistedCauses``), each leak's counted once: two
    /// leaked objects on one cycle list the same causes, and leave the same ones out.
    public var unlistedFixCount: Int {
        var keys: Set<LeakCause.FixKey> = []
        var unlisted = 0
        for leak in leaks where leak.heldBy == nil {
            let listed = Set(
                leak.causes.filter { $0.reference != nil || $0.pattern != nil }.map { $0.fixKey(of: leak.address) })
            if !listed.subtracting(keys).isEmpty || leak.causes.isEmpty { unlisted += leak.unlistedCauses }
            keys.formUnion(listed)
        }
        return unlisted
    }

    /// The report as pretty-printed JSON with sorted keys; the schema is in
    /// docs/leak-checks.md (the "JSON" item).
    public func jsonData() throws -> Data {
        Data(try JSONOutput.document(self).utf8)
    }

    public var description: String {
        var lines = [
            "Leak check \"\(name)\": " + (isClean ? "clean" : "NOT clean")
                + (fixCount > 0 ? " (\(fixCount) distinct fix\(fixCount == 1 ? "" : "es") below" : "")
                + (fixCount > 0 && unlistedFixCount > 0 ? ", \(unlistedFixCount) more not listed" : "")
                + (fixCount > 0 ? ")" : "")
        ]
        if let thrownError { lines.append("  the block threw: \(thrownError)") }
        lines += leaks.listing.map { "  " + $0 }
        if !liveSubscriptions.isEmpty {
            lines.append("  \(liveSubscriptions.count) subscription(s) made in the check still alive:")
            lines.append(contentsOf: liveSubscriptions.flatMap(\.listing).map { "    \($0)" })
        }
        if resourceDelta != 0 {
            lines.append(
                "  library resources made in the check still alive: \(resourceDelta) (\(leftResources.listing))")
        }
        if !releasedLate.isEmpty {
            lines.append("  released late (while settling, not leaks): \(releasedLate.joined(separator: ", "))")
        }
        if !keptAlive.isEmpty {
            lines.append(
                "  made in the check and kept from outside (by design, not leaks): \(keptAlive.joined(separator: ", "))"
            )
        }
        if !unsettled.isEmpty { lines.append("  did not settle; still pending: \(unsettled.joined(separator: ", "))") }
        lines += continuationMisuses.listing
        lines.append(contentsOf: problems.map { "  problem: \($0)" })
        return lines.joined(separator: "\n")
    }

    enum CodingKeys: String, CodingKey {
        case name, isClean, fixCount, leaks, releasedLate, keptAlive, resourceDelta, leftResources, liveSubscriptions,
            counts,
            thrownError, unsettled, continuationMisuses, problems
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(isClean, forKey: .isClean)
        try container.encode(fixCount, forKey: .fixCount)
        try container.encode(leaks, forKey: .leaks)
        try container.encode(releasedLate, forKey: .releasedLate)
        try container.encode(keptAlive, forKey: .keptAlive)
        try container.encode(resourceDelta, forKey: .resourceDelta)
        try container.encode(leftResources, forKey: .leftResources)
        try container.encode(liveSubscriptions, forKey: .liveSubscriptions)
        try container.encode(counts, forKey: .counts)
        try container.encodeIfPresent(thrownError, forKey: .thrownError)
        try container.encode(unsettled, forKey: .unsettled)
        try container.encode(continuationMisuses, forKey: .continuationMisuses)
        try container.encode(problems, forKey: .problems)
    }
}

/// Live counts at the three moments of a check: the library resources by
/// the kinds its integration counts, the tracked objects, and the total.
public struct ResourceCounts: Sendable, Codable, Equatable {
    /// Counts before the block ran.
    public let before: Moment
    /// Counts right after the block returned (its locals torn down).
    public let afterTeardown: Moment
    /// Counts after pending work settled.
    public let afterSettling: Moment

    /// Counts at one moment.
    public struct Moment: Sendable, Codable, Equatable {
        /// Live library resources by kind, in the order the integration lists
        /// them (RxCore: subscriptions, sinks, subjects, disposables, observables);
        /// empty without an integration.
        public let kinds: [KindCount]
        /// Tracked objects still alive.
        public let trackedObjects: Int
        /// All live library resources, as the library totals them.
        public let total: Int

        /// Counts at one moment, as a library integration reads them.
        public init(kinds: [KindCount], trackedObjects: Int, total: Int) {
            self.kinds = kinds
            self.trackedObjects = trackedObjects
            self.total = total
        }

        /// The count of the kind named `name`; 0 when the integration does not count it.
        public subscript(kind name: String) -> Int {
            kinds.first { $0.name == name }?.count ?? 0
        }
    }

    /// How many resources of one kind are alive.
    public struct KindCount: Sendable, Codable, Equatable {
        /// The kind, as the integration names it (`sinks`).
        public let name: String
        /// Live resources of that kind.
        public let count: Int

        /// A kind's count.
        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }
}

extension [ResourceCounts.KindCount] {
    /// `1 subscription, 3 sinks`: integrations name kinds in the plural, which a count of 1 reads in the singular.
    public var listing: String {
        map { "\($0.count) \($0.count == 1 ? ResourceCounts.KindCount.singular(of: $0.name) : $0.name)" }
            .joined(separator: ", ")
    }
}

extension [ResourceCounts.KindCount] {
    /// The counts with `count` fewer of the kind `name`; a kind left with none is dropped.
    func removing(_ count: Int, of name: String) -> [ResourceCounts.KindCount] {
        guard count > 0 else { return self }
        return compactMap { kind in
            guard kind.name == name else { return kind }
            return kind.count > count ? ResourceCounts.KindCount(name: name, count: kind.count - count) : nil
        }
    }
}

extension ResourceCounts.KindCount {
    /// `subscription` for `subscriptions`, `entry` for `entries`, `box` for `boxes`; a name that does not end as
    /// an English plural (`scheduled work`) as it is.
    static func singular(of plural: String) -> String {
        if plural.hasSuffix("ies") { return plural.dropLast(3) + "y" }
        if ["sses", "ches", "shes", "xes"].contains(where: plural.hasSuffix) { return String(plural.dropLast(2)) }
        if plural.hasSuffix("s"), !plural.hasSuffix("ss") { return String(plural.dropLast()) }
        return plural
    }
}
