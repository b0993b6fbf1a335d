#if Lint
import SwiftSyntax

/// The guide's fixes for an instance method handed to an Rx call by name
/// (`flatMap(load(id:))`): make the method `static` when it uses no instance
/// state and nothing else calls it, otherwise call it from a closure that
/// holds `self` weakly and gives the sequence's empty value once `self` is gone.
enum MethodReferenceRewrite {
    /// The edits for `reference`, given to `call`; a reason instead when neither fix fits.
    static func edits(
        for reference: ExprSyntax, in call: FunctionCallExprSyntax,
        file: LintedFile
    ) -> Result<[SourceEdit], Unfixable> {
        guard let type = reference.ancestor(ClassDeclSyntax.self),
            let method = method(named: reference, in: type)
        else {
            return .failure(
                Unfixable("the method is not declared in this class here: its parameters and result are unknown"))
        }
        if canBeStatic(method, in: type, file: file, referencedBy: reference) {
            return .success(staticMethod(method, reference: reference, typeName: type.name.text))
        }
        guard let closure = weakClosure(calling: method, reference: reference) else {
            return .failure(
                Unfixable(
                    "the method returns a value that has no empty case (a Single, a plain value): "
                        + "a [weak self] closure has nothing to return once self is gone, and the method uses the object's state"
                ))
        }
        // `flatMap(load(id:))` reads best as `flatMap { … }`: a trailing closure when it is the only argument.
        if call.arguments.count == 1, call.arguments.first?.label == nil, call.trailingClosure == nil,
            let open = call.leftParen, let close = call.rightParen
        {
            return .success([
                .replace(
                    from: open.positionAfterSkippingLeadingTrivia, to: close.endPositionBeforeTrailingTrivia,
                    with: " " + closure)
            ])
        }
        return .success([
            .replace(
                from: reference.positionAfterSkippingLeadingTrivia,
                to: reference.endPositionBeforeTrailingTrivia, with: closure)
        ])
    }

    /// The instance method `reference` names, declared in `type`'s body: by
    /// full name (`load(id:)`), or by base name when only one method has it.
    private static func method(named reference: ExprSyntax, in type: ClassDeclSyntax) -> FunctionDeclSyntax? {
        let name: DeclReferenceExprSyntax
        if let plain = reference.as(DeclReferenceExprSyntax.self) {
            name = plain
        } else if let member = reference.as(MemberAccessExprSyntax.self) {
            name = member.declName
        } else {
            return nil
        }
        let candidates = type.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
            .filter { !$0.isStatic && $0.name.text == name.baseName.text }
        if let labels = name.argumentNames {
            let fullName = name.baseName.text + labels.trimmedDescription
            return candidates.first { $0.fullName == fullName }
        }
        return candidates.count == 1 ? candidates.first : nil
    }

    /// Whether `method` can become `static`: private to the file (so no
    /// other file calls it on an instance), not an override or `@objc`, its
    /// body naming neither `self`, `super` nor any instance member of `type`,
    /// and `reference` the only place the class names it.
    private static func canBeStatic(
        _ method: FunctionDeclSyntax, in type: ClassDeclSyntax, file: LintedFile,
        referencedBy reference: ExprSyntax
    ) -> Bool {
        let modifiers = method.modifiers.map(\.name.text)
        guard modifiers.contains(where: { $0 == "private" || $0 == "fileprivate" }), !modifiers.contains("override"),
            method.attributes.isEmpty, let body = method.body
        else { return false }
        let members = Set(
            type.memberBlock.members.flatMap { member -> [String] in
                if let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic {
                    return variable.names
                }
                if let function = member.decl.as(FunctionDeclSyntax.self), !function.isStatic {
                    return [function.name.text]
                }
                return []
            })
        let usesInstance = body.tokens(viewMode: .sourceAccurate).contains { token in
            if token.tokenKind == .keyword(.self) || token.tokenKind == .keyword(.super) { return true }
            guard let use = token.parent?.as(DeclReferenceExprSyntax.self), members.contains(use.baseName.text) else {
                return false
            }
            // `profile.name` and `.just(…)` name members of other types.
            return use.parent?.as(MemberAccessExprSyntax.self)?.declName.id != use.id
        }
        guard !usesInstance else { return false }
        // The class and the file's extensions of it are where a private method can be called.
        let extensions = file.all(ExtensionDeclSyntax.self).filter {
            $0.extendedType.trimmedDescription == type.name.text
        }
        let uses = ([Syntax(type)] + extensions.map(Syntax.init)).flatMap { $0.nodes(of: DeclReferenceExprSyntax.self) }
            .filter { $0.baseName.text == method.name.text }
        return uses.count == 1 && reference.range.contains(uses[0].positionAfterSkippingLeadingTrivia)
    }

    /// `static` before `func`, and the reference through the type: `ProfilePresenter.load(id:)`.
    private static func staticMethod(_ method: FunctionDeclSyntax, reference: ExprSyntax, typeName: String)
        -> [SourceEdit]
    {
        let referenceEdit: SourceEdit
        if let member = reference.as(MemberAccessExprSyntax.self), let base = member.base {
            referenceEdit = .replace(
                from: base.positionAfterSkippingLeadingTrivia, to: base.endPositionBeforeTrailingTrivia, with: typeName)
        } else {
            referenceEdit = .insert(typeName + ".", at: reference.positionAfterSkippingLeadingTrivia)
        }
        return [.insert("static ", at: method.funcKeyword.positionAfterSkippingLeadingTrivia), referenceEdit]
    }

    /// `{ [weak self] id in self?.load(id: id) ?? .empty() }`, or without the
    /// `??` for a method that returns nothing; nil when the result type has no
    /// empty value.
    private static func weakClosure(calling method: FunctionDeclSyntax, reference: ExprSyntax) -> String? {
        let parameters = method.signature.parameterClause.parameters
        let names = parameters.map { parameter -> String in
            let name = (parameter.secondName ?? parameter.firstName).text
            return name == "_" ? "value" : name
        }
        let arguments = zip(parameters, names).map { parameter, name in
            parameter.firstName.tokenKind == .wildcard ? name : "\(parameter.firstName.text): \(name)"
        }
        let head = "{ [weak self] " + (names.isEmpty ? "" : names.joined(separator: ", ") + " ") + "in "
        let call = "self?.\(method.name.text)(\(arguments.joined(separator: ", ")))"
        guard let result = method.signature.returnClause?.type.trimmedDescription, !["Void", "()"].contains(result)
        else {
            return head + call + " }"
        }
        let base = String(result.prefix { $0 != "<" })
        guard emptyValueTypes.contains(base) else { return nil }
        return head + call + " ?? .empty() }"
    }

    /// The sequence types whose `.empty()` completes at once: the result a flattening operator can take in place of one.
    private static let emptyValueTypes: Set<String> = [
        "Observable", "Maybe", "Completable", "Infallible", "Driver", "Signal",
        "RxSwift.Observable", "RxSwift.Maybe", "RxSwift.Completable", "RxSwift.Infallible", "RxCocoa.Driver",
        "RxCocoa.Signal",
    ]
}
#endif
