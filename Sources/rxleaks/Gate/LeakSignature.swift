import Foundation
import Leaks

/// What identifies a leak from one run to the next: the leaked type, the
/// reference that holds it (its suspect reference, typed, with the declaration
/// around the closure's call site) and the guide's pattern. Line numbers,
/// addresses, object numbers, element indices, generic arguments and display
/// text are left out, so that a line shift, another machine, another order of
/// tests or another wording of a report keeps it; two leaks with one cause
/// share it. The contract is in docs/reports.md ("Signatures: the contract").
struct LeakSignature: Hashable, Comparable, Codable {
    /// Sixteen hexadecimal digits, a hash of ``version`` and the parts below.
    var id: String
    /// The leaked object's type as reported (with its generic arguments: they are part of what leaked,
    /// and configurations match them), or ``leftWork``.
    var type: String
    /// The suspect reference, `ChartView.delegate` or `closure given to flatMap captures SearchViewModel`;
    /// for work left behind, what was left.
    var edge: String
    /// The declaration around the suspect closure's call site (`SearchViewModel.bind()`), when found.
    var scope: String?
    /// The guide's pattern id, when the cycle matches one.
    var pattern: String?
    /// The global or static that holds it, when a path from one was found: what a known
    /// library leak is matched on. Not part of ``id``: where it was found does not name the leak.
    var holder: GlobalVariable?

    /// The version of what goes into a signature: a baseline of another one is refused.
    static let version = 2

    /// The type of what a test left behind with no leaked object: live subscriptions, resources, pending work.
    static let leftWork = "left work"

    init(type: String, edge: String, scope: String?, pattern: String?, holder: GlobalVariable? = nil) {
        (self.type, self.edge, self.scope, self.pattern, self.holder) = (type, edge, scope, pattern, holder)
        id = Self.hash(["v\(Self.version)", type, edge, scope ?? "", pattern ?? ""].joined(separator: "\u{1F}"))
    }

    /// The signature of `leak`, a leak that needs a fix of its own (one that
    /// another leaked object holds has its holder's); `scopes` finds the
    /// declaration around a site.
    init(_ leak: Leak, scopes: (String) -> String?) {
        let suspect =
            leak.causes.first?.reference ?? leak.cycle?.edges.last { $0.reference == .capture }
            ?? leak.cycle?.edges.last
        self.init(
            type: leak.typeName, edge: suspect.map(Self.edge) ?? "held from outside: \(leak.kind.rawValue)",
            scope: suspect?.site.flatMap(scopes), pattern: leak.causes.first?.pattern?.id ?? leak.pattern?.id)
    }

    /// The type of a place that grows with every repetition of a test (`rxleaks test --repeat`).
    static let growth = "growth"

    /// The signature of a place that grows: the typed references from its root down to what grows, never an
    /// index, an address, a count or a line, and its pattern.
    init(_ growth: Growth) {
        let path = growth.path.map { $0.edges.map(Self.edge).joined(separator: " → ") }
        self.init(
            type: Self.growth, edge: path ?? "\(growth.root) \(Self.stable(growth.node))", scope: nil,
            pattern: growth.pattern.id)
    }

    /// The signature of library resources that rise with every run where no growing place was found: the kinds
    /// that rise, never their counts.
    init(resourcesOf growth: GrowthReport) {
        self.init(
            type: Self.growth,
            edge: (["library resources"] + growth.growingResourceKinds).joined(separator: " "), scope: nil,
            pattern: nil)
    }

    /// `id: Type ─ edge (scope) [pattern]`, for reports.
    var description: String {
        "\(id): \(type) ← \(edge)" + (scope.map { " (in \($0))" } ?? "") + (pattern.map { " [\($0)]" } ?? "")
    }

    static func < (lhs: LeakSignature, rhs: LeakSignature) -> Bool { lhs.id < rhs.id }

    /// What the suspect reference is, from its typed value: never an index, an address or a line.
    private static func edge(_ edge: RetainEdge) -> String {
        let holder = Self.holder(edge.from), held = Self.holder(edge.to)
        switch edge.reference {
        case .field(let field):
            return
                "\(field.owner.map(withoutGenericArguments) ?? holder).\(([field.name] + field.path).joined(separator: "."))"
        case .element: return "\(holder) element"
        case .capture: return "\(holder) captures \(held)"
        case .ownership(let ownership): return "\(holder) \(ownership.rawValue) \(held)"
        case .word(let offset): return "\(holder) word at +\(offset)"
        case .root(let root): return "root \(root.rawValue) \(held)"
        case .described(let text): return "\(holder) \(stable(text)) \(held)"
        }
    }

    /// What a node is, for a signature: an object's type without generic arguments (a global's name as
    /// in the source), a closure by the call that took it, any other node by its kind.
    private static func holder(_ node: RetainNode) -> String {
        switch node.kind {
        case .global: node.name
        case .object, .timer: node.type.map(withoutGenericArguments) ?? node.kind.rawValue
        case .closure: node.call.map { "closure given to \($0)" } ?? "closure"
        case .closureContext: "closure"
        default: node.kind.rawValue
        }
    }

    /// `Subject` for `Subject<Int>`, `Outer.Inner` for `Outer<A>.Inner<B>`: generic arguments dropped.
    static func withoutGenericArguments(_ name: String) -> String {
        var depth = 0
        return String(
            name.filter { character in
                if character == "<" { depth += 1 }
                defer { if character == ">", depth > 0 { depth -= 1 } }
                return depth == 0 && character != ">"
            })
    }

    /// `name` without what changes from run to run: the line after a file
    /// name, object numbers (`#12`), addresses and reference counts. For what
    /// a test left behind, which the engine gives as text (its chains, its pending work).
    static func stable(_ name: String) -> String {
        var text = name
        for (pattern, replacement) in [
            (#"(\.swift):\d+"#, "$1"), (#"#\d+"#, "#"), (#"0x[0-9a-fA-F]+"#, "0x"),
            (#"\b\d+ (strong reference)"#, "$1"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    /// FNV-1a, 64 bits, as sixteen hexadecimal digits: the same on every machine and run.
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx", value)
    }
}
