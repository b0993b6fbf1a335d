#if Lint
import LeakGuide
import SwiftSyntax

/// `_ = upload.subscribe(onNext: { [unowned self] … })`, or `[unowned self]`
/// in a subscription disposed into a bag that `self` does not own (a bag
/// passed in, a parameter's or a shared service's), other than the bag of the
/// subscribed sequence's owner when `self` keeps that owner: no bag of the owner ends the subscription, so its closure can run after the owner is gone,
/// and reading the unowned reference traps.
package struct UnownedOutlivesOwner: LintRule {
    package let pattern = GuidePatterns.unownedOutlivesOwner
    package let summary =
        "An [unowned] capture in a subscription that no bag of the owner disposes: it can run after the owner is gone and crash."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(ClosureExprSyntax.self).flatMap { closure -> [RuleHit] in
            guard let call = closure.receivingCall, let name = call.calledName, Rx.retainingCalls.contains(name),
                let items = closure.signature?.capture?.items
            else { return [] }
            let chain = Chain.enclosing(call)
            guard chain.isReactive(in: file) else { return [] }
            let unowned = items.filter { $0.specifier?.specifier.text == "unowned" }
            if chain.isDiscarded || chain.isUnusedStatement {
                return unowned.map { item in
                    RuleHit(
                        item,
                        "[unowned \(item.name.text)] in a subscription whose Disposable no bag keeps: it can outlive \(item.name.text) and trap"
                    )
                }
            }
            // The guide calls `unowned` safe only with the object's own bag, or (its coordinators) with the bag of
            // an object self keeps whose own sequence is subscribed: that bag ends the subscription no later than
            // self. Any other bag (a parameter's, `load(api:)` … `api.bag`, a shared service's, a dependency's
            // unrelated to the source) can outlive self.
            guard let unownedSelf = unowned.first(where: { $0.name.tokenKind == .keyword(.self) }),
                let bag = chain.bag, !file.isOwnBag(bag)
            else { return [] }
            // `self.api.bag` is the bag of `api`, as `api.bag` is.
            if let base = bag.as(MemberAccessExprSyntax.self)?.base,
                let owner = base.withoutSelf.split(separator: ".").first.map(String.init), owner != "self",
                chain.source.mentions(owner), file.isKeptBySelf(owner, at: call)
            {
                return []
            }
            return [
                RuleHit(
                    unownedSelf,
                    "[unowned self] in a subscription disposed by `\(bag.trimmedDescription)`, a bag self does not own: the subscription can outlive self and trap"
                )
            ]
        }
    }
}

extension Chain {
    /// Whether the chain is a statement of its own whose result nobody keeps.
    var isUnusedStatement: Bool {
        guard let item = outermost.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else {
            return false
        }
        // The only statement of a body that returns a value is returned.
        if list.count == 1, let body = list.parent {
            if body.is(ClosureExprSyntax.self) || body.is(AccessorBlockSyntax.self)
                || body.parent?.is(AccessorDeclSyntax.self) == true
            {
                return false
            }
            if body.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause != nil { return false }
        }
        return (outerCalls.last ?? call).calledName.map(Rx.subscriptions.contains) ?? false
    }
}
#endif
