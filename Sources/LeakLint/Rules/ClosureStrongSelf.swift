#if Lint
import LeakGuide
import SwiftSyntax

/// A closure handed to an Rx call that uses `self` without a weak or unowned
/// capture, in a class, on a sequence that need not complete: the
/// subscription keeps the closure, the closure keeps the object, and the
/// object keeps the subscription (through its bag) or its source.
package struct ClosureStrongSelf: LintRule {
    package let pattern = GuidePatterns.closureStrongSelf
    package let summary =
        "An escaping closure passed to an Rx call captures self strongly on a sequence that need not complete."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(ClosureExprSyntax.self).compactMap { closure -> RuleHit? in
            guard let call = closure.receivingCall, let name = call.calledName, Rx.retainingCalls.contains(name),
                closure.isInInstanceContext, file.declarations.mayBeClass(closure.enclosingTypeName),
                let selfReference = closure.strongSelfReference
            else { return nil }
            let chain = Chain.enclosing(call)
            guard chain.isReactive(in: file), chain.isOpenEnded, !chain.isDiscarded else { return nil }
            let message =
                "the closure passed to \(name) holds self strongly, and the subscription keeps the closure while its source lives"
            if Rx.subscriptions.contains(name) || name == "do" {
                return RuleHit(selfReference, message, edits: CaptureRewrite.weakSelf(in: closure))
            }
            if name == "Binder" {
                return RuleHit(
                    selfReference, message,
                    unfixable: "a Binder hands its target to the closure: use that parameter instead of self")
            }
            if let copies = CaptureRewrite.copiedConstants(in: closure, constants: file.constants(at: closure)) {
                return RuleHit(selfReference, message, edits: copies)
            }
            if let bag = chain.bag, file.isOwnBag(bag) {
                return RuleHit(selfReference, message, edits: CaptureRewrite.unownedSelf(in: closure))
            }
            return RuleHit(
                selfReference, message,
                unfixable: "the closure returns a value and needs self for more than its let properties: "
                    + "[weak self] needs a value for when self is gone, "
                    + "and [unowned self] is safe only when the object's own bag disposes the subscription")
        }
    }
}
#endif
