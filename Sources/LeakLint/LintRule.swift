#if Lint
import SwiftSyntax

/// One of the guide's leak patterns, found by reading syntax only.
///
/// A rule sees one file at a time and knows nothing the file does not say:
/// it cannot tell whether a sequence completes, so it reads names the way a
/// reviewer would (see ``SourceLifetime``). Its findings carry the pattern's
/// id, the guide section and the fix.
public protocol LintRule: Sendable {
    /// The guide pattern's id, used in messages, suppression comments and the configuration.
    var id: String { get }
    /// What the pattern is, in one line.
    var summary: String { get }
    /// Where the guide describes it, such as `guide 000, "Capture lists"`.
    var guide: String { get }
    /// The fix, in one line.
    var fix: String { get }

    /// The places in `file` that follow the pattern, each with its message.
    func check(_ file: LintedFile) -> [RuleHit]
}

/// A place a rule flagged, before it becomes a ``Finding``.
public struct RuleHit {
    /// The node the warning points at.
    public let node: Syntax
    /// What was found, in one sentence.
    public let message: String

    /// A hit at `node`.
    public init(_ node: some SyntaxProtocol, _ message: String) {
        self.node = Syntax(node)
        self.message = message
    }
}

/// Every rule, in the guide's order.
public enum Rules {
    /// All rules `rxleaks lint` knows.
    public static let all: [any LintRule] = [
        MethodReferenceImplicitSelf(),
        ClosureStrongSelf(),
        CaptureListMissingModifier(),
        UnownedOutlivesOwner(),
        DisposeBagSentToAnotherObject(),
        CellReuseWithoutNewBag(),
        AppearBindingsWithoutReset(),
        StoredSubjectInChild(),
        NestedSubscribe(),
        ShareForever(),
        IgnoredDisposable(),
    ]

    /// The rule with `id`, if any.
    public static func rule(id: String) -> (any LintRule)? {
        all.first { $0.id == id }
    }
}
#endif
