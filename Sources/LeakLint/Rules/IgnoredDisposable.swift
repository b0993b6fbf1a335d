#if Lint
import SwiftSyntax

/// `_ = events.subscribe(…)`: the only handle that can end the subscription
/// is thrown away, on a sequence that need not complete.
public struct IgnoredDisposable: LintRule {
    public let id = "ignored-disposable"
    public let summary = "A subscription's Disposable is thrown away (_ =) on a sequence that need not complete."
    public let guide = "guide 000, \"Dispose bag\""
    public let fix = "Keep the Disposable: .disposed(by: disposeBag) with the object's own bag."

    /// The rule, ready to run.
    public init() {}

    public func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            guard let name = call.calledName, Rx.subscriptions.contains(name) else { return nil }
            let chain = Chain(call)
            guard chain.outerCalls.isEmpty, chain.isDiscarded, chain.isOpenEnded else { return nil }
            let site = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
            return RuleHit(site, "the Disposable of \(name) is thrown away: nothing can end this subscription before its source completes")
        }
    }
}
#endif
