#if Lint
import LeakGuide
import SwiftSyntax

/// A cell's `prepareForReuse()` that neither replaces the bag nor calls
/// `super`: a reused cell keeps the bindings of every item it showed.
package struct CellReuseWithoutNewBag: LintRule {
    package let pattern = GuidePatterns.cellReuseWithoutNewBag
    package let summary = "prepareForReuse() overridden without a new DisposeBag and without calling super."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionDeclSyntax.self).compactMap { function in
            guard function.name.text == "prepareForReuse",
                function.modifiers.contains(where: { $0.name.text == "override" }),
                let body = function.body
            else { return nil }
            let text = body.statements.trimmedDescription
            guard !text.contains("super.prepareForReuse()"), !text.contains("= DisposeBag()") else { return nil }
            return RuleHit(
                function.name,
                "prepareForReuse() keeps the bag: each reuse adds the new item's bindings to the old ones")
        }
    }
}
#endif
