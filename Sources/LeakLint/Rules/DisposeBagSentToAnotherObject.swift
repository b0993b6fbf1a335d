#if Lint
import LeakGuide
import SwiftSyntax

/// A dispose bag that leaves its owner: handed to another object, or used by
/// another object's subscriptions. The bag then lives as long as the
/// longest-lived holder, and so do all its subscriptions.
package struct DisposeBagSentToAnotherObject: LintRule {
    package let pattern = GuidePatterns.disposeBagSentToAnotherObject
    package let summary =
        "A DisposeBag passed to or used by another object."

    /// The rule, ready to run.
    package init() {}

    /// Who owns a bag handed over is a decision about lifetimes that no local edit makes: reported, never rewritten.
    private static let designChange =
        "a design change, not an edit: give each object its own bag and end the subscriptions with it"

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            call.calledName == "disposed" ? disposal(call, in: file) : handOver(call, in: file)
        }
    }

    /// `wireframe.open(…, disposeBag: disposeBag)`: the object's own bag given to another object.
    private func handOver(_ call: FunctionCallExprSyntax, in file: LintedFile) -> RuleHit? {
        guard let bag = call.arguments.first(where: { file.isOwnBag($0.expression) })?.expression else { return nil }
        if let receiver = call.receiver {
            // A static function (`Cell.item(…, disposeBag:)`) is a helper, not another object.
            guard receiver.trimmedDescription != "self", receiver.rootName?.first?.isUppercase == false else {
                return nil
            }
        } else if let name = call.calledName, name.first?.isLowercase ?? true {
            return nil
        }
        return RuleHit(
            bag,
            "`\(bag.trimmedDescription)` is handed to \(call.calledExpression.trimmedDescription): its subscriptions now live as long as whoever keeps it",
            unfixable: Self.designChange)
    }

    /// `.disposed(by: other.disposeBag)`, the bag of an object that outlives this one.
    private func disposal(_ call: FunctionCallExprSyntax, in file: LintedFile) -> RuleHit? {
        guard let bag = call.argument("by"), !file.isOwnBag(bag),
            let chainStart = call.receiver?.as(FunctionCallExprSyntax.self)
        else {
            return nil
        }
        if let owner = bag.as(MemberAccessExprSyntax.self)?.base?.rootName, owner != "self" {
            guard file.isLongerLivedOwner(owner, ofBagAt: call, source: Chain(chainStart).source) else { return nil }
            return RuleHit(
                bag,
                "the subscription goes into \(owner)'s bag, so it lives as long as \(owner), not as long as this object",
                unfixable: Self.designChange)
        }
        return nil
    }
}
#endif
