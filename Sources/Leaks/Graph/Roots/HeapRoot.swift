/// One root of the path search: something outside the check, of a ``RootKind``,
/// named as a report shows it, with what it is known to hold.
struct HeapRoot {
    /// What an object outside the check holds, as its provider can tell.
    enum Holding {
        /// Its object (at ``HeapRoot/address``), whose references the search reads as any object's.
        case object
        /// Objects looked for that only its provider could find it holding (in a closure's context
        /// reflection reaches, a block's captures, a table read word by word), each with the path
        /// down to it, which ends in the capture that holds it. The search reads no further.
        case captures([UInt: RetainCycle])
        /// Objects looked for that it refers to, with nothing known of why (a word on a stack).
        case refersTo(Set<UInt>)
    }

    let kind: RootKind
    /// As a report shows it: `ChangeFeed.shared`, `Task made at Feed.swift:12`, `the stack of thread 42`.
    let name: String
    /// Its object, or its closure's context or block.
    let address: UInt
    var holding = Holding.object
    /// The variable, for a global or static: what a known library leak is matched on.
    var variable: GlobalVariable? = nil

    /// What this root's pattern says of it in particular (why a task can never resume), when its kind's says too little.
    var detail: String? = nil

    /// The pattern, and its fix, of an object that a path from it reaches through a closure's capture.
    var pattern: LeakPattern? {
        kind.pattern.map { LeakPattern(id: $0.id, name: $0.name, source: $0.source, fix: $0.fix, detail: detail) }
    }
}

extension HeapRoot {
    /// A root of `kind` shown as `holder`, made at `site` (which its capture edges carry), whose closure or
    /// block captures each of `objects` strongly.
    init(kind: RootKind, capturing objects: [RetainNode], from holder: RetainNode, site: String, detail: String? = nil)
    {
        let paths = objects.map { object in
            (
                object.address,
                RetainCycle(
                    edges: [RetainEdge(from: holder, to: object, reference: .capture, kind: .strong, site: site)],
                    isVerified: true)
            )
        }
        self.init(
            kind: kind, name: holder.name, address: holder.address,
            holding: .captures(Dictionary(uniqueKeysWithValues: paths)), detail: detail)
    }
}

/// Yields the roots of one ``RootKind`` for a search; each holder kind is one small provider.
protocol RootProvider {
    var kind: RootKind { get }

    /// The roots now, for a search of `targets` (the objects looked for, as a report shows them):
    /// a provider that scans memory word by word looks only for those.
    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot]
}
