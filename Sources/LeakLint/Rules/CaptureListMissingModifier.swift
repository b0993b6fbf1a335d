#if Lint
import LeakGuide
import SwiftSyntax

/// `[unowned wireframe, view]`: the modifier applies to one name only, so
/// `view` is captured strongly.
///
/// A name without a modifier in a list where others have one is flagged when
/// it is not a property the object already holds strongly: a property
/// declared `weak` or `unowned` (the capture makes a non-owning reference
/// owning), or a local or parameter.
package struct CaptureListMissingModifier: LintRule {
    package let pattern = GuidePatterns.captureListMissingModifier
    package let summary = "A capture list gives weak/unowned to some names and captures another strongly."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(ClosureCaptureClauseSyntax.self).flatMap { clause -> [RuleHit] in
            let items = Array(clause.items)
            guard items.contains(where: { $0.specifier != nil }) else { return [] }
            return items.compactMap { item -> RuleHit? in
                let name = item.name.text
                guard item.specifier == nil, item.initializer == nil, name != "self" else { return nil }
                let declarations = file.declarations
                let heldStrongly =
                    declarations.owningProperties.contains(name) && !declarations.nonOwningProperties.contains(name)
                    && !file.isLocalOrParameter(name, at: clause)
                guard !heldStrongly else { return nil }
                let what =
                    declarations.nonOwningProperties.contains(name)
                    ? "`\(name)`, a weak or unowned property, is captured strongly"
                    : "`\(name)` is captured strongly"
                return RuleHit(
                    item, "\(what): in [\(clause.items.trimmedDescription)] the modifier applies to one name only")
            }
        }
    }
}
#endif
