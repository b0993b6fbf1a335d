import Foundation
import Leaks

/// What identifies a leak from one run to the next: the leaked type, the
/// reference that holds it (its suspect edge, with the declaration around the
/// closure's call site) and the guide's pattern. Line numbers, addresses,
/// object numbers and counts are left out, so that a line shift, another
/// machine or another order of tests keeps it; two leaks with one cause share it.
struct LeakSignature: Hashable, Comparable, Codable {
    /// Sixteen hexadecimal digits, a hash of the parts below.
    var id: String
    /// The leaked object's type, or ``leftWork``.
    var type: String
    /// The suspect edge, `closure given to flatMap in Search.swift ─captures→ SearchViewModel`,
    /// or what holds the object from outside the check.
    var edge: String
    /// The declaration around the suspect closure's call site (`SearchViewModel.bind()`), when found.
    var scope: String?
    /// The guide's pattern id, when the cycle matches one.
    var pattern: String?
    /// The global or static that holds it, when a path from one was found: what a known
    /// library leak is matched on. Not part of ``id``: where it was found does not name the leak.
    var holder: GlobalVariable?

    /// The type of what a test left behind with no leaked object: live subscriptions, resources, pending work.
    static let leftWork = "left work"

    init(type: String, edge: String, scope: String?, pattern: String?, holder: GlobalVariable? = nil) {
        (self.type, self.edge, self.scope, self.pattern, self.holder) = (type, edge, scope, pattern, holder)
        id = Self.hash([type, edge, scope ?? "", pattern ?? ""].joined(separator: "\u{1F}"))
    }

    /// The signature of `leak`, a leak that needs a fix of its own (one that
    /// another leaked object holds has its holder's); `scopes` finds the
    /// declaration around a site.
    init(_ leak: Leak, scopes: (String) -> String?) {
        let suspect =
            leak.causes.first?.reference ?? leak.cycle?.edges.last { $0.label == "captures" } ?? leak.cycle?.edges.last
        let edge =
            suspect.map { "\(Self.stable($0.from.name)) ─\($0.label)→ \(Self.stable($0.to.name))" }
            ?? Self.stable(leak.causes.first?.outsideHolder ?? leak.kind.explanation)
        self.init(
            type: leak.typeName, edge: edge, scope: suspect?.site.flatMap(scopes),
            pattern: leak.causes.first?.pattern?.id ?? leak.pattern?.id)
    }

    /// `id: Type ─ edge (scope) [pattern]`, for reports.
    var description: String {
        "\(id): \(type) ← \(edge)" + (scope.map { " (in \($0))" } ?? "") + (pattern.map { " [\($0)]" } ?? "")
    }

    static func < (lhs: LeakSignature, rhs: LeakSignature) -> Bool { lhs.id < rhs.id }

    /// `name` without what changes from run to run: the line after a file
    /// name, object numbers (`#12`), addresses and reference counts.
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
