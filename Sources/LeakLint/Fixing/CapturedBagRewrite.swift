#if Lint
import SwiftSyntax

/// The fix of a bag captured by a closure of a subscription it holds (`outer.subscribe(onNext: { [weak self] … in
/// inner….disposed(by: bag) }).disposed(by: bag)`): the inner subscription goes into the object's own bag, reached
/// through `self` once `guard let self else { return }` opens the outer closure. The closure then no longer holds
/// the bag that holds it, and each inner subscription ends with the object.
enum CapturedBagRewrite {
    /// The edits for the inner `.disposed(by:)` argument `bag`, in `outer`, when the enclosing class has a bag of
    /// its own named `ownBag`. The outer closure must capture `self` weakly (`self` is then optional in it, so
    /// its own `self?.` become `self.` and a nested closure naming `self` gets a `[weak self]` of its own), or
    /// not name `self` at all (it then gets the `[weak self]`).
    static func edits(
        disposingInto bag: ExprSyntax, in outer: ClosureExprSyntax, ownBag: String
    ) -> Result<[SourceEdit], Unfixable> {
        let capture = outer.capture(of: "self")
        let namesSelf = outer.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.self) }
        guard capture == "weak" || (capture == nil && !namesSelf) else {
            return .failure(
                Unfixable(
                    "the closure holding the bag captures self \(capture ?? "strongly"): the fix reaches the object's "
                        + "bag through a [weak self] capture"))
        }
        if outer.statements.first?.item.as(GuardStmtSyntax.self)?.conditions.trimmedDescription == "let self" {
            return .failure(Unfixable("the closure already starts with guard let self"))
        }
        guard let first = outer.statements.first else { return .failure(Unfixable("the closure is empty")) }
        var edits = [CaptureRewrite.guardLetSelf(before: first)]
        if capture == nil { edits += CaptureRewrite.capture("weak", in: outer) }
        edits.append(
            .replace(
                from: bag.positionAfterSkippingLeadingTrivia, to: bag.endPositionBeforeTrailingTrivia,
                with: "self.\(ownBag)"))
        for node in outer.statements.tokens(viewMode: .sourceAccurate)
        where node.tokenKind == .keyword(.self) {
            if let nested = node.ancestor(ClosureExprSyntax.self), nested.id != outer.id {
                // A nested closure read `self` as the outer one's optional; it keeps it optional with a capture of its own.
                if nested.capture(of: "self") == nil,
                    !edits.contains(where: { $0 == CaptureRewrite.adding("weak self", toCaptureListOf: nested) })
                {
                    edits.append(CaptureRewrite.adding("weak self", toCaptureListOf: nested))
                }
            } else if let optional = node.parent?.parent?.as(OptionalChainingExprSyntax.self) {
                edits.append(
                    .replace(
                        from: optional.questionMark.positionAfterSkippingLeadingTrivia,
                        to: optional.questionMark.endPositionBeforeTrailingTrivia, with: ""))
            }
        }
        return .success(edits)
    }
}
#endif
