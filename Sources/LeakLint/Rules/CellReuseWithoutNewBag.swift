#if Lint
import SwiftSyntax

/// A cell's `prepareForReuse()` that neither replaces the bag nor calls
/// `super`: a reused cell keeps the bindings of every item it showed.
public struct CellReuseWithoutNewBag: LintRule {
    public let id = "cell-reuse-without-new-bag"
    public let summary = "prepareForReuse() overridden without a new DisposeBag and without calling super."
    public let guide = "guide 000, \"Dispose bag\""
    public let fix = "Assign a new DisposeBag in prepareForReuse() (or call super.prepareForReuse() where the superclass does)."

    /// The rule, ready to run.
    public init() {}

    public func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionDeclSyntax.self).compactMap { function in
            guard function.name.text == "prepareForReuse", function.modifiers.contains(where: { $0.name.text == "override" }),
                  let body = function.body else { return nil }
            let text = body.statements.trimmedDescription
            guard !text.contains("super.prepareForReuse()"), !text.contains("= DisposeBag()") else { return nil }
            return RuleHit(function.name, "prepareForReuse() keeps the bag: each reuse adds the new item's bindings to the old ones")
        }
    }
}
#endif
