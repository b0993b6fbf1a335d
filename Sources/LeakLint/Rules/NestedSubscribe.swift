#if Lint
import LeakGuide
import SwiftSyntax

/// A subscription made inside another subscription's closure and disposed by
/// the object's own bag: every outer event adds one more inner subscription
/// to a bag that only empties when the object goes.
package struct NestedSubscribe: LintRule {
    package let pattern = GuidePatterns.nestedSubscribe
    package let summary =
        "A subscription made inside a subscription's closure, kept in the object's own bag: one more per outer event."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            guard call.calledName == "disposed", let bag = call.argument("by"), file.isOwnBag(bag),
                let closure = call.ancestor(ClosureExprSyntax.self), let outer = closure.receivingCall,
                let outerName = outer.calledName, Rx.subscriptions.contains(outerName)
            else { return nil }
            return RuleHit(
                call,
                "a subscription made in \(outerName)'s closure goes into `\(bag.trimmedDescription)`: each event adds one that lasts as long as the object"
            )
        }
    }
}
#endif
