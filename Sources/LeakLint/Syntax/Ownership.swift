#if Lint
import SwiftSyntax

extension LintedFile {
    /// Whether `expression` is a dispose bag the enclosing object owns:
    /// `disposeBag` or `self.disposeBag`, a stored bag property (or a name a bag
    /// is conventionally given) that no parameter or local shadows.
    func isOwnBag(_ expression: ExprSyntax) -> Bool {
        let name: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            if isLocalOrParameter(name, at: expression) { return false }
        } else if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            name = member.declName.baseName.text
        } else {
            return false
        }
        // `disposeBag` is the name RxSwift code gives the bag, often declared in a superclass in another file.
        return declarations.bagNames.contains(name) || name == "disposeBag"
    }

    /// The bag the class enclosing `node` declares itself (`disposeBag` first), for code that runs on its
    /// instances; nil in a struct, an extension or a static member, whose bag this file may not show.
    func ownBagName(at node: some SyntaxProtocol) -> String? {
        guard node.isInInstanceContext, let type = node.ancestor(ClassDeclSyntax.self) else { return nil }
        let bags = type.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .filter { $0.declaresBag && !$0.modifiers.isStatic }.flatMap(\.names)
        return bags.contains("disposeBag") ? "disposeBag" : bags.first
    }

    /// The stored `let` properties, held strongly, of the class whose instance
    /// code `node` is in, as its declaration in this file lists them: values
    /// that never change once the object is made.
    func constants(at node: some SyntaxProtocol) -> Set<String> {
        guard node.isInInstanceContext, let name = node.enclosingTypeName,
            let type = all(ClassDeclSyntax.self).first(where: { $0.name.text == name })
        else { return [] }
        let lets = type.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.filter {
            $0.bindingSpecifier.tokenKind == .keyword(.let) && !$0.modifiers.isStatic
                && !$0.modifiers.contains { ["weak", "unowned"].contains($0.name.text) }
        }
        return Set(lets.flatMap(\.names))
    }

    /// Whether `owner`, whose bag disposes a subscription to `source` at `call`
    /// (`.disposed(by: owner.disposeBag)`), is taken to outlive the object making
    /// the subscription: a dependency handed to its initializer, or an object
    /// that is neither its own property nor the subscription's source.
    func isLongerLivedOwner(_ owner: String, ofBagAt call: some SyntaxProtocol, source: ExprSyntax) -> Bool {
        if initializerParameters(at: call).contains(owner) { return true }
        let ownerIsOwnProperty = !isLocalOrParameter(owner, at: call) && declarations.owningProperties.contains(owner)
        return !ownerIsOwnProperty && !source.mentions(owner)
    }

    /// Whether `owner`, whose bag disposes a subscription to its own sequence at `call`, is an object `self`
    /// keeps, so that its bag ends no later than `self`: a stored property held strongly (not a shared instance
    /// such as `Service.shared`), or a local the method obtained itself (the guide's coordinator with each
    /// presentable of its flow). A parameter is the caller's object, which the caller may keep longer.
    func isKeptBySelf(_ owner: String, at call: some SyntaxProtocol) -> Bool {
        if isParameter(owner, at: call) { return false }
        if isLocal(owner, at: call) { return true }
        return declarations.owningProperties.contains(owner) && !declarations.sharedProperties.contains(owner)
    }

    /// Whether `name`, used at `node`, is a parameter or a local of an enclosing function or closure.
    func isLocalOrParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        isParameter(name, at: node) || isLocal(name, at: node)
    }

    /// Whether `name`, used at `node`, is a parameter of an enclosing function or closure.
    func isParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = node.enclosingFunctionLike
        while let scope = current {
            if scope.parameterNames.contains(name) { return true }
            current = scope.enclosingFunctionLike
        }
        return false
    }

    /// Whether `name`, used at `node`, is a local declared before it in an enclosing function or closure.
    func isLocal(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = node.enclosingFunctionLike
        while let scope = current {
            for variable in scope.nodes(of: VariableDeclSyntax.self)
            where !variable.isMember && variable.position < node.position {
                // `let (presentable, stepper) = …` binds both names.
                if variable.bindings.contains(where: { binding in
                    binding.pattern.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
                }) {
                    return true
                }
            }
            for binding in scope.nodes(of: OptionalBindingConditionSyntax.self) where binding.position < node.position {
                if binding.pattern.trimmedDescription == name { return true }
            }
            current = scope.enclosingFunctionLike
        }
        return false
    }

    /// The parameters of the initializer `node` is in, if it is in one.
    func initializerParameters(at node: some SyntaxProtocol) -> Set<String> {
        guard let initializer = node.ancestor(InitializerDeclSyntax.self) else { return [] }
        return Syntax(initializer).parameterNames
    }
}

extension Syntax {
    /// The names a function, initializer or closure binds as parameters.
    var parameterNames: Set<String> {
        if let function = self.as(FunctionDeclSyntax.self) {
            return Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        }
        if let initializer = self.as(InitializerDeclSyntax.self) {
            return Set(initializer.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        }
        if let closure = self.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause {
            if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self) {
                return Set(shorthand.map(\.name.text))
            }
            if let clause = parameters.as(ClosureParameterClauseSyntax.self) {
                return Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
        }
        return []
    }
}

extension ClosureExprSyntax {
    /// How the closure's capture list captures `name`: `weak`, `unowned`,
    /// `strong` (named without a modifier), or nil when the list does not name it.
    func capture(of name: String) -> String? {
        guard let item = signature?.capture?.items.first(where: { $0.name.text == name && $0.initializer == nil })
        else {
            return nil
        }
        return item.specifier?.specifier.text ?? "strong"
    }

    /// The first `self` the closure holds strongly: one in its body, outside
    /// nested closures that capture self `weak` or `unowned`, when its own
    /// capture list does not make self weak or unowned.
    var strongSelfReference: TokenSyntax? {
        if let capture = capture(of: "self"), capture != "strong" { return nil }
        if let item = signature?.capture?.items.first(where: { $0.name.text == "self" }) { return item.name }
        return statements.tokens(viewMode: .sourceAccurate).first { token in
            guard token.tokenKind == .keyword(.self), token.parent?.is(DeclReferenceExprSyntax.self) == true else {
                return false
            }
            var current = token.parent
            while let node = current, node.id != id {
                if let nested = node.as(ClosureExprSyntax.self), let capture = nested.capture(of: "self"),
                    capture != "strong"
                {
                    return false
                }
                if let member = node.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.tokenKind == .keyword(.self)
                {
                    return false
                }
                current = node.parent
            }
            return true
        }
    }

    /// The call the closure is given to, as an argument or a trailing closure.
    var receivingCall: FunctionCallExprSyntax? {
        if let call = parent?.as(FunctionCallExprSyntax.self) { return call }
        if let call = parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return call
        }
        if let call = parent?.as(MultipleTrailingClosureElementSyntax.self)?.parent?.parent?.as(
            FunctionCallExprSyntax.self)
        {
            return call
        }
        return nil
    }
}
#endif
