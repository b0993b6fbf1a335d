#if Lint
import SwiftSyntax

/// Bindings made in `viewWillAppear`/`viewDidAppear` into the controller's
/// bag, with no new bag when the view disappears: every appearance adds
/// another set.
public struct AppearBindingsWithoutReset: LintRule {
    public let id = "appear-bindings-without-reset"
    public let summary = "Bindings made on every appearance into a bag that is not replaced when the view disappears."
    public let guide = "guide 001, \"Disposing\""
    public let fix = "Replace the bag in viewWillDisappear (disposeBag = DisposeBag()), or bind once in viewDidLoad."

    /// The rule, ready to run.
    public init() {}

    private static let appearing: Set<String> = ["viewWillAppear", "viewDidAppear"]
    private static let disappearing: Set<String> = ["viewWillDisappear", "viewDidDisappear"]

    public func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionDeclSyntax.self).compactMap { function in
            guard Self.appearing.contains(function.name.text), let body = function.body,
                  let disposal = body.nodes(of: FunctionCallExprSyntax.self).first(where: { call in
                      call.calledName == "disposed" && call.argument("by").map(file.isOwnBag) == true
                  }),
                  let type = function.ancestor(MemberBlockSyntax.self) else { return nil }
            let resets = type.nodes(of: FunctionDeclSyntax.self).contains { other in
                Self.disappearing.contains(other.name.text) && (other.body?.trimmedDescription.contains("= DisposeBag()") ?? false)
            }
            guard !resets else { return nil }
            return RuleHit(disposal, "\(function.name.text) binds into the bag on every appearance, and nothing replaces the bag when the view disappears")
        }
    }
}
#endif
