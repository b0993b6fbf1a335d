/// What a growth check (``GrowthCheck``) found: the places where long-lived holders keep one more
/// thing of the code under test every time it runs.
///
/// A place grows when its count rises with every run after the first; what the first run makes
/// once (a lazy singleton, a `static let`, a cache filled once) does not.
public struct GrowthReport: Sendable, Codable, CustomStringConvertible {
    /// The check's name.
    public let name: String
    /// How many times the block ran.
    public let repetitions: Int
    /// Each growing place, nearest its root: what lies under a growing place grows with it and is not listed.
    public let growths: [Growth]
    /// The library resources the runs made and still alive after each run, settled, by kind (subscriptions,
    /// sinks…) as its integration attributes them to each run's check: what other code makes meanwhile (tests
    /// running beside this one) is not counted. Each has no kinds and a zero total without an integration.
    public let resources: [ResourceCounts.Moment]
    /// What kept the check from reading everything (a run's problems, each once).
    public let problems: [String]

    /// Whether the library's live resources rose with every run after the first.
    public var resourcesGrow: Bool { Growth.rises(resources.map(\.total)) }

    /// The kinds of library resources whose count rose with every run after the first (`subjects`, `sinks`).
    public var growingResourceKinds: [String] {
        resourceKindNames.filter { name in Growth.rises(resources.map { $0[kind: name] }) }
    }

    /// Every kind any run counted, in first-seen order.
    private var resourceKindNames: [String] {
        var names: [String] = []
        for kind in resources.flatMap(\.kinds) where !names.contains(kind.name) { names.append(kind.name) }
        return names
    }

    /// Whether nothing grew: no place, and not the library's resources.
    public var isClean: Bool { growths.isEmpty && !resourcesGrow }

    /// `"name": 3 runs, 1 growing`, then each growth with its path, counts and fix.
    public var description: String {
        var lines = [
            "growth check \"\(name)\": \(repetitions) runs, "
                + (isClean ? "nothing grows" : "\(growths.count) growing place(s)")
        ]
        for growth in growths { lines.append(growth.description) }
        if resources.contains(where: { !$0.kinds.isEmpty }) {
            let list = { (counts: [Int]) in counts.map(String.init).joined(separator: ", ") }
            let kinds = resourceKindNames.map { name in "\(name) " + list(resources.map { $0[kind: name] }) }
            lines.append(
                "library resources after each run: \(list(resources.map(\.total))) (\(resourcesGrow ? "grow" : "do not grow"))"
                    + (kinds.isEmpty ? "" : "; " + kinds.joined(separator: "; ")))
        }
        lines += problems.map { "problem: \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// One place where a long-lived holder keeps more after every run, explained from its root as a leak is.
public struct Growth: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The holder it is kept from, named as in the source: `EventLog.shared`, `NotificationCenter.default`.
    public let root: String
    /// What kind of holder the root is.
    public let rootKind: RetainReference.Root
    /// What grows, as shown: `[Entry]`, `[String: Response]`, `closure given to addObserver at Theme.swift:12`.
    public let node: String
    /// The typed path from the root down to the newest object there, when it could be read.
    public let path: RetainCycle?
    /// How many are kept there after each run (a collection's elements counted each).
    public let counts: [Int]
    /// The bytes its allocations take after each run.
    public let bytes: [Int]
    /// Where the newest object there was made (`made at Feed.swift:12`), when the check tracked it.
    public let newestMadeAt: String?
    /// The shape of the growth, and its fix.
    public let pattern: LeakPattern

    /// What each run after the first adds, on average.
    public var perRun: Int { counts.count < 2 ? 0 : (counts[counts.count - 1] - counts[0]) / (counts.count - 1) }

    /// `EventLog.shared ─entries→ [Entry] +1 per run (counts 1, 2, 3; bytes …)`, then the site and the fix.
    public var description: String {
        let numbers = counts.map(String.init).joined(separator: ", ")
        let sizes = bytes.map(String.init).joined(separator: ", ")
        let line = path.flatMap { path in
            path.edges.first.map { first in
                ([first.from.name] + path.edges.map { "─\($0.label)→ \($0.to.name)" }).joined(separator: " ")
            }
        }
        var lines = [
            "\(line ?? "\(root) ─\(rootKind.label)→ \(node)") +\(perRun) per run (counts \(numbers); bytes \(sizes))"
        ]
        if let newestMadeAt { lines.append("  newest: \(newestMadeAt)") }
        lines.append("  pattern: \(pattern.name); fix: \(pattern.fix)")
        return lines.joined(separator: "\n")
    }

    /// Whether `counts` rise with every run after the first.
    static func rises(_ counts: [Int]) -> Bool {
        counts.count >= 2 && zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }
    }
}
