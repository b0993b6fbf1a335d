#if Lint
import LeakGuide
import SwiftSyntax

/// A subject or relay handed in by a parent and stored as a property of the
/// child: the child's subscriptions to it and the parent's bindings into it
/// tie the two modules' lifetimes together.
package struct StoredSubjectInChild: LintRule {
    package let pattern = GuidePatterns.storedSubjectInChild
    package let summary = "A subject or relay received from a parent is stored as a property of a child module."

    /// The rule, ready to run.
    package init() {}

    package func check(_ file: LintedFile) -> [RuleHit] {
        file.all(SequenceExprSyntax.self).compactMap { assignment in
            let elements = Array(assignment.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let value = elements[2].as(DeclReferenceExprSyntax.self),
                let target = storedPropertyName(elements[0], in: file),
                let parameter = subjectParameter(named: value.baseName.text, around: assignment),
                file.declarations.bagNames.isEmpty == false
            else { return nil }
            return RuleHit(
                assignment,
                "`\(target)` keeps the \(parameter) handed in as `\(value.baseName.text)`: the child now holds its parent's subject"
            )
        }
    }

    private func storedPropertyName(_ expression: ExprSyntax, in file: LintedFile) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            return member.declName.baseName.text
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
            !file.isLocalOrParameter(reference.baseName.text, at: expression),
            file.declarations.owningProperties.contains(reference.baseName.text)
        {
            return reference.baseName.text
        }
        return nil
    }

    /// The subject or relay type of the enclosing function's parameter `name`.
    private func subjectParameter(named name: String, around node: some SyntaxProtocol) -> String? {
        let parameters =
            node.ancestor(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            ?? node.ancestor(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
        guard let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) else {
            return nil
        }
        let type = parameter.type.trimmedDescription
        return Rx.subjectTypes.first { type.hasPrefix($0) }
    }
}
#endif
