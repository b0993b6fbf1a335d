#if Lint
import LeakGuide
import SwiftSyntax

/// `_ = events.subscribe(…)`: the only handle that can end the subscription
/// is thrown away, on a sequence that need not complete.
package struct IgnoredDisposable: LintRule {
    package let pattern = GuidePatterns.ignoredDisposable
    package let summary = "A subscription's Disposable is thrown away (_ =) on a sequence that need not complete."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            guard let name = call.calledName, Rx.subscriptions.contains(name) else { return nil }
            let chain = Chain(call)
            guard chain.outerCalls.isEmpty, chain.isDiscarded, chain.isOpenEnded else { return nil }
            let site = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
            let message =
                "the Disposable of \(name) is thrown away: nothing can end this subscription before its source completes"
            guard let bag = file.ownBagName(at: call),
                let discard = chain.outermost.parent?.parent?.as(SequenceExprSyntax.self)
            else {
                return RuleHit(
                    site, message, unfixable: "the enclosing class has no DisposeBag of its own to dispose it into")
            }
            return RuleHit(
                site, message,
                edits: [
                    .replace(
                        from: discard.positionAfterSkippingLeadingTrivia,
                        to: chain.outermost.positionAfterSkippingLeadingTrivia, with: ""),
                    .insert(".disposed(by: \(bag))", at: chain.outermost.endPositionBeforeTrailingTrivia),
                ])
        }
    }
}
#endif
