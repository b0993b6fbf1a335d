#if Lint
import SwiftSyntax

/// `share(replay:scope: .forever)` keeps its last elements after every
/// subscriber has left, for as long as the shared sequence lives.
public struct ShareForever: LintRule {
    public let id = "share-forever"
    public let summary = "share(replay:scope: .forever) keeps the replayed elements after every subscriber left."
    public let guide = "guide 000, \"Subjects and Relays\""
    public let fix = "Use share(replay: 1, scope: .whileConnected) (the default), or replay something small (an id, a URL)."

    /// The rule, ready to run.
    public init() {}

    public func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).compactMap { call in
            guard call.calledName == "share", let scope = call.argument("scope"),
                  scope.trimmedDescription.hasSuffix(".forever") else { return nil }
            return RuleHit(scope, "scope .forever keeps the last element(s) for as long as the shared sequence lives, subscribed or not")
        }
    }
}
#endif
