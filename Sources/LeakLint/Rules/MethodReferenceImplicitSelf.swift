#if Lint
import LeakGuide
import SwiftSyntax

/// `flatMap(doWork(model:))`, `subscribe(onNext: handle)`: an instance method
/// handed to an Rx call by name is a closure over `self`, kept for as long as
/// the subscription lives.
package struct MethodReferenceImplicitSelf: LintRule {
    package let pattern = GuidePatterns.methodReferenceImplicitSelf
    package let summary =
        "An instance method passed by name to an Rx operator, subscribe, bind, drive or Binder captures self."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(FunctionCallExprSyntax.self).flatMap { call -> [RuleHit] in
            guard let name = call.calledName, Rx.retainingCalls.contains(name) else { return [] }
            // `bind(to: relay)` hands over an observer, not a function.
            let references = call.arguments.filter { $0.label?.text != "to" }.map(\.expression)
                .filter { isInstanceMethodReference($0, in: file) }
            guard !references.isEmpty else { return [] }
            let chain = Chain.enclosing(call)
            guard chain.isReactive(in: file), chain.isOpenEnded else { return [] }
            return references.map { reference in
                let message =
                    "`\(reference.trimmedDescription)` hands \(name) an instance method: it holds self for as long as the subscription lives"
                switch MethodReferenceRewrite.edits(for: reference, in: call, file: file) {
                case .success(let edits): return RuleHit(reference, message, edits: edits)
                case .failure(let unfixable): return RuleHit(reference, message, unfixable: unfixable.reason)
                }
            }
        }
    }

    private func isInstanceMethodReference(_ expression: ExprSyntax, in file: LintedFile) -> Bool {
        guard expression.isInInstanceContext, file.declarations.mayBeClass(expression.enclosingTypeName) else {
            return false
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            let fullName = reference.argumentNames.map { name + $0.trimmedDescription } ?? name
            let isProperty =
                reference.argumentNames == nil
                && (file.declarations.owningProperties.contains(name)
                    || file.declarations.nonOwningProperties.contains(name))
            return file.declarations.instanceMethods.contains(fullName) && !isProperty
                && !file.isLocalOrParameter(name, at: expression)
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            let name = member.declName.baseName.text
            return file.declarations.instanceMethods.contains(
                member.declName.argumentNames.map { name + $0.trimmedDescription } ?? name)
        }
        return false
    }
}
#endif
