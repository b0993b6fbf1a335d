#if Lint
import LeakGuide
import SwiftSyntax

/// One of the guide's leak patterns, found by reading syntax only.
///
/// A rule sees one file at a time and knows nothing the file does not say:
/// it cannot tell whether a sequence completes, so it reads names the way a
/// reviewer would (see ``SourceLifetime``). Its findings carry the pattern's
/// id, the guide section and the fix, all from the guide's catalogue.
package protocol LintRule: Sendable {
    /// The guide pattern the rule finds.
    var pattern: GuidePattern { get }
    /// What the rule flags, in one line.
    var summary: String { get }

    /// The places in `file` that follow the pattern, each with its message.
    func check(_ file: LintedFile) -> [RuleHit]
}

extension LintRule {
    /// The guide pattern's id, used in messages, suppression comments and the configuration.
    package var id: String { pattern.id }
    /// Where the guide describes it, such as `guide 000, "Capture lists"`.
    package var guide: String { pattern.guideReference }
    /// The fix, in one line.
    package var fix: String { pattern.fix }
}

/// A place a rule flagged, before it becomes a ``Finding``.
package struct RuleHit {
    /// The node the warning points at.
    package let node: Syntax
    /// What was found, in one sentence.
    package let message: String
    /// The guide's fix as edits to the file, when the rule can make it here.
    package let edits: [SourceEdit]
    /// Why the fix is not made here (`rxleaks lint --fix`), when the rule cannot make it.
    package let unfixable: String

    /// A hit at `node`, fixed by `edits` when there are any, otherwise left for the reason `unfixable`.
    package init(
        _ node: some SyntaxProtocol, _ message: String, edits: [SourceEdit] = [],
        unfixable: String = "no automatic fix for this pattern"
    ) {
        self.node = Syntax(node)
        self.message = message
        self.edits = edits
        self.unfixable = unfixable
    }
}

/// Every rule, in the guide's order.
package enum Rules {
    /// All rules `rxleaks lint` knows.
    package static let all: [any LintRule] = [
        MethodReferenceImplicitSelf(),
        ClosureStrongSelf(),
        CaptureListMissingModifier(),
        UnownedOutlivesOwner(),
        DisposeBagSentToAnotherObject(),
        DisposeBagCaptured(),
        CellReuseWithoutNewBag(),
        AppearBindingsWithoutReset(),
        StoredSubjectInChild(),
        NestedSubscribe(),
        ShareForever(),
        IgnoredDisposable(),
    ]

    /// The rule with `id`, if any.
    package static func rule(id: String) -> (any LintRule)? {
        all.first { $0.id == id }
    }
}
#endif
