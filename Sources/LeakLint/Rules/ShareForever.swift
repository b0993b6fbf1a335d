#if Lint
import LeakGuide
import SwiftSyntax

/// `share(replay:scope: .forever)` keeps its last elements after every
/// subscriber has left, for as long as the shared sequence lives.
package struct ShareForever: LintRule {
    package let pattern = GuidePatterns.shareForever
    package let summary = "share(replay:scope: .forever) keeps the replayed elements after every subscriber left."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            guard call.calledName == "share", let scope = call.argument("scope"),
                scope.trimmedDescription.hasSuffix(".forever")
            else { return nil }
            return RuleHit(
                scope,
                "scope .forever keeps the last element(s) for as long as the shared sequence lives, subscribed or not")
        }
    }
}
#endif
