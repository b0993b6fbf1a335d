#if Lint
import LeakGuide
import SwiftSyntax

/// A dispose bag captured by a closure of a subscription it holds itself
/// (`outer.subscribe(onNext: { … inner.disposed(by: bag) }).disposed(by: bag)`):
/// the bag keeps the subscription, which keeps the closure, which keeps the
/// bag, so none of them goes, nor any other subscription the bag holds.
package struct DisposeBagCaptured: LintRule {
    package let pattern = GuidePatterns.disposeBagCaptured
    package let summary = "A DisposeBag captured by a closure of a subscription it holds itself."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            // Another object's bag (`item.disposeBag`) is dispose-bag-sent-to-another-object's.
            guard call.calledName == "disposed", let bag = call.argument("by"), !file.isOwnBag(bag),
                call.receiver?.is(FunctionCallExprSyntax.self) == true,
                (bag.as(MemberAccessExprSyntax.self)?.base?.rootName).map({ $0 == "self" }) ?? true,
                let closure = call.ancestor(ClosureExprSyntax.self), let outer = closure.receivingCall,
                let outerBag = Chain.enclosing(outer).bag, outerBag.withoutSelf == bag.withoutSelf
            else { return nil }
            let message =
                "`\(bag.trimmedDescription)` is captured by a closure of a subscription it holds itself: the bag keeps itself alive"
            guard let ownBag = file.ownBagName(at: call) else {
                return RuleHit(
                    bag, message,
                    unfixable: "the class has no bag of its own to end the inner subscriptions with: give it one")
            }
            switch CapturedBagRewrite.edits(disposingInto: bag, in: closure, ownBag: ownBag) {
            case .success(let edits): return RuleHit(bag, message, edits: edits)
            case .failure(let unfixable): return RuleHit(bag, message, unfixable: unfixable.reason)
            }
        }
    }
}
#endif
