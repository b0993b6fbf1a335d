#if Lint
import LeakGuide
import SwiftSyntax

/// Bindings made in `viewWillAppear`/`viewDidAppear` into the controller's
/// bag, with no new bag when the view disappears: every appearance adds
/// another set.
package struct AppearBindingsWithoutReset: LintRule {
    package let pattern = GuidePatterns.appearBindingsWithoutReset
    package let summary = "Bindings made on every appearance into a bag that is not replaced when the view disappears."

    /// The rule, ready to run.
    package init() {}

    private static let appearing: Set<String> = ["viewWillAppear", "viewDidAppear"]
    private static let disappearing: Set<String> = ["viewWillDisappear", "viewDidDisappear"]

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionDeclSyntax.self).compactMap { function in
            guard Self.appearing.contains(function.name.text), let body = function.body,
                let disposal = body.nodes(of: FunctionCallExprSyntax.self).first(where: { call in
                    call.calledName == "disposed" && call.argument("by").map(file.isOwnBag) == true
                }),
                let type = function.ancestor(MemberBlockSyntax.self)
            else { return nil }
            let resets = type.nodes(of: FunctionDeclSyntax.self).contains { other in
                Self.disappearing.contains(other.name.text)
                    && (other.body?.trimmedDescription.contains("= DisposeBag()") ?? false)
            }
            guard !resets else { return nil }
            return RuleHit(
                disposal,
                "\(function.name.text) binds into the bag on every appearance, and nothing replaces the bag when the view disappears"
            )
        }
    }
}
#endif
