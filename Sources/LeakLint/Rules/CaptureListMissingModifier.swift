#if Lint
import SwiftSyntax

/// `[unowned wireframe, view]`: the modifier applies to one name only, so
/// `view` is captured strongly.
///
/// A name without a modifier in a list where others have one is flagged when
/// it is not a property the object already holds strongly: a property
/// declared `weak` or `unowned` (the capture makes a non-owning reference
/// owning), or a local or parameter.
public struct CaptureListMissingModifier: LintRule {
    public let id = "capture-list-missing-modifier"
    public let summary = "A capture list gives weak/unowned to some names and captures another strongly."
    public let guide = "guide 000, \"Capture lists\""
    public let fix = "Write the modifier before every name: [unowned wireframe, weak view]."

    /// The rule, ready to run.
    public init() {}

    public func check(_ file: LintedFile) -> [RuleHit] {
        file.all(ClosureCaptureClauseSyntax.self).flatMap { clause -> [RuleHit] in
            let items = Array(clause.items)
            guard items.contains(where: { $0.specifier != nil }) else { return [] }
            return items.compactMap { item -> RuleHit? in
                let name = item.name.text
                guard item.specifier == nil, item.initializer == nil, name != "self" else { return nil }
                let declarations = file.declarations
                let heldStrongly = declarations.owningProperties.contains(name) && !declarations.nonOwningProperties.contains(name)
                    && !file.isLocalOrParameter(name, at: clause)
                guard !heldStrongly else { return nil }
                let what = declarations.nonOwningProperties.contains(name)
                    ? "`\(name)`, a weak or unowned property, is captured strongly"
                    : "`\(name)` is captured strongly"
                return RuleHit(item, "\(what): in [\(clause.items.trimmedDescription)] the modifier applies to one name only")
            }
        }
    }
}
#endif
