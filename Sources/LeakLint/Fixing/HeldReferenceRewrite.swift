#if Lint
import SwiftSyntax

/// The reference that holds a leaked object, as a leak report names it, for
/// the plain-Swift leaks no lint rule finds: a strong delegate, a stored
/// closure, a `Task` or `DispatchWorkItem` kept in a property, a block given
/// to an API that keeps it (`NotificationCenter.addObserver`).
package enum HeldReference: Sendable, Hashable {
    /// `Holder ─name→ …`: the stored property `name` of the class `type`.
    case property(type: String, name: String)
    /// A closure capturing an instance of `type`, kept by what its property `name` holds (`task`, `pending`).
    case closureKept(type: String, property: String)
    /// A block capturing an instance of `type`, given to `NotificationCenter`'s
    /// `addObserver(forName:object:queue:using:)`; written over `line` of the file named `file` when the report says.
    case observerBlock(type: String, file: String?, line: Int?)
    /// A closure capturing an instance of `type`, written on `line` of the file named `file` (`PlainSwift.swift`).
    case closureAt(type: String, file: String, line: Int)

    /// The class whose source the fix changes.
    package var type: String {
        switch self {
        case .property(let type, _), .closureKept(let type, _), .observerBlock(let type, _, _),
            .closureAt(let type, _, _):
            type
        }
    }
}

/// The fixes for a ``HeldReference``: `weak var` for a back reference the
/// object is handed (a delegate), `[weak self]` with a `guard` for a closure
/// that returns nothing, and for a `Task` looping over a stream the `guard`
/// inside the loop and, when the object keeps the task, the task cancelled in `deinit`; for an observer block,
/// `[weak self]` and the observer removed in `deinit`.
package enum HeldReferenceRewrite {
    /// The edits that end `reference` in `source`; nil when the file does
    /// not declare its class, a reason when it does but no edit fits.
    package static func edits(for reference: HeldReference, source: String, path: String) -> Result<
        [SourceEdit], Unfixable
    >? {
        let file = LintedFile(path: path, source: source)
        guard file.firstSyntaxError == nil,
            let type = file.all(ClassDeclSyntax.self).first(where: { $0.name.text == reference.type })
        else { return nil }
        switch reference {
        case .property(_, let name):
            guard let property = storedProperty(name, in: type) else { return nil }
            if property.isFunctionTyped { return closureEdits(assignedTo: name, in: type, property: property) }
            return backReferenceEdits(property)
        case .closureKept(_, let property):
            guard let closure = closuresAssigned(to: property, in: type).first(where: { $0.strongSelfReference != nil })
            else {
                return .failure(Unfixable("no closure capturing self is stored in \(property) in \(type.name.text)"))
            }
            if closure.receivingCall?.calledName == "Task" {
                return .success(taskEdits(closure, storedIn: property, in: type))
            }
            return .success(CaptureRewrite.weakSelf(in: closure))
        case .observerBlock(_, let name, let line):
            let inThisFile = name == nil || path.split(separator: "/").last.map(String.init) == name
            let closures = type.nodes(of: ClosureExprSyntax.self).filter {
                $0.receivingCall?.calledName == "addObserver" && $0.strongSelfReference != nil
                    && (line == nil || !inThisFile || file.lines(of: $0).contains(line ?? 0))
            }
            guard let closure = closures.first, let call = closure.receivingCall else {
                return .failure(Unfixable("no block capturing self is given to addObserver in \(type.name.text)"))
            }
            return observerEdits(closure, givenTo: call, in: type)
        case .closureAt(_, let name, let line):
            guard path.split(separator: "/").last.map(String.init) == name else { return nil }
            guard
                let closure = type.nodes(of: ClosureExprSyntax.self).first(where: {
                    file.position(of: $0).line == line && $0.strongSelfReference != nil
                })
            else {
                return .failure(Unfixable("no closure capturing self starts on line \(line) of \(name)"))
            }
            // A task nothing stores cannot be cancelled in deinit: its capture is the fix.
            return .success(
                closure.receivingCall?.calledName == "Task"
                    ? taskCapture(closure) : CaptureRewrite.weakSelf(in: closure))
        }
    }

    /// `weak` before `var`, for a property the object is handed rather than
    /// makes: a `var` of optional type with no object made in its declaration.
    private static func backReferenceEdits(_ property: VariableDeclSyntax) -> Result<[SourceEdit], Unfixable> {
        let binding = property.bindings.first
        let type = binding?.typeAnnotation?.type
        if property.bindingSpecifier.tokenKind == .keyword(.let) {
            return .failure(
                Unfixable(
                    "it is a let the object sets up itself, not a back reference: the other side of the cycle is the one to break"
                ))
        }
        guard let type, type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
            return .failure(Unfixable("not optional: a weak reference must be, and every use would change"))
        }
        if let value = binding?.initializer?.value, !value.is(NilLiteralExprSyntax.self) {
            return .failure(Unfixable("its declaration makes the object it holds: weak would free it at once"))
        }
        return .success([.insert("weak ", at: property.bindingSpecifier.positionAfterSkippingLeadingTrivia)])
    }

    /// `[weak self]` and a `guard` in each closure stored in the property `name` that captures `self`.
    private static func closureEdits(
        assignedTo name: String, in type: ClassDeclSyntax,
        property: VariableDeclSyntax
    ) -> Result<[SourceEdit], Unfixable> {
        guard property.returnsNothing else {
            return .failure(
                Unfixable("the stored closure returns a value: [weak self] needs one for when self is gone"))
        }
        let closures = closuresAssigned(to: name, in: type).filter { $0.strongSelfReference != nil }
        guard !closures.isEmpty else {
            return .failure(Unfixable("the closure stored in \(name) is made outside \(type.name.text)"))
        }
        return .success(closures.flatMap(CaptureRewrite.weakSelf(in:)))
    }

    /// `[weak self]` with the `guard` inside the task's loop (at the top when
    /// it has none), and `deinit` cancelling the task, which else waits for
    /// the stream's next element forever once the object is gone.
    private static func taskEdits(_ closure: ClosureExprSyntax, storedIn property: String, in type: ClassDeclSyntax)
        -> [SourceEdit]
    {
        taskCapture(closure) + cancellation(of: property, in: type)
    }

    /// `[weak self]` in a task's closure, with the `guard` inside its loop (at the top when it has none).
    private static func taskCapture(_ closure: ClosureExprSyntax) -> [SourceEdit] {
        let loop = closure.statements.lazy.compactMap { item -> CodeBlockSyntax? in
            if let loop = item.item.as(ForStmtSyntax.self) { return loop.body }
            if let loop = item.item.as(WhileStmtSyntax.self) { return loop.body }
            return nil
        }.first
        return loop.map { CaptureRewrite.weakSelf(in: closure, eachTimeRound: $0) }
            ?? CaptureRewrite.weakSelf(in: closure)
    }

    /// `deinit { task?.cancel() }` before the class's closing brace, unless a `deinit` already cancels it.
    private static func cancellation(of property: String, in type: ClassDeclSyntax) -> [SourceEdit] {
        guard let declaration = storedProperty(property, in: type) else { return [] }
        let optional = declaration.bindings.first?.typeAnnotation?.type.is(OptionalTypeSyntax.self) ?? false
        return inDeinit(
            "\(property)\(optional ? "?" : "").cancel()", of: type,
            unlessItHas: ["\(property)?.cancel()", "\(property).cancel()"])
    }

    /// `[weak self]` in the block, and the observer removed in `deinit`: the
    /// center keeps the block, which would else run (doing nothing) for every
    /// notification after the object is gone. The token `addObserver` returns
    /// is removed from the property it is stored in; a token thrown away is
    /// kept in a new `observation` property first.
    private static func observerEdits(
        _ closure: ClosureExprSyntax, givenTo call: FunctionCallExprSyntax,
        in type: ClassDeclSyntax
    ) -> Result<[SourceEdit], Unfixable> {
        guard let center = call.receiver?.trimmedDescription else {
            return .failure(Unfixable("the center it observes is not one deinit can name: remove the observer there"))
        }
        var edits = CaptureRewrite.weakSelf(in: closure)
        // Properties the fix adds, declared together before the class's first member.
        var newProperties: [String] = []
        // `self.center = center` as the initializer's first statement, where another edit may start too.
        var keepCenter: (text: String, at: Int)?
        if center != "NotificationCenter.default", storedProperty(center, in: type) == nil {
            // A center the initializer is given (`init(center: NotificationCenter = .default)`) is kept, so that
            // deinit can name it.
            guard let initializer = call.ancestor(InitializerDeclSyntax.self),
                let parameter = initializer.signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == center
                }),
                let first = initializer.body?.statements.first
            else {
                return .failure(
                    Unfixable("the center it observes is not one deinit can name: remove the observer there"))
            }
            newProperties.append("private let \(center): \(parameter.type.trimmedDescription)")
            let leading = first.leadingTrivia.description
            let indentation = leading.lastIndex(where: \.isNewline).map { leading[leading.index(after: $0)...] } ?? ""
            keepCenter = (
                "self.\(center) = \(center)\n\(indentation)", first.positionAfterSkippingLeadingTrivia.utf8Offset
            )
        }
        let statement = call.ancestor(CodeBlockItemSyntax.self)
        let assignment = statement?.item.as(SequenceExprSyntax.self).map { Array($0.elements) }.flatMap {
            $0.count == 3 && $0[1].is(AssignmentExprSyntax.self) && $0[2].id == call.id ? $0[0] : nil
        }
        let token: String
        let declared: VariableDeclSyntax?
        if let assignment, assignment.trimmedDescription != "_" {
            token = assignment.trimmedDescription.replacingOccurrences(of: "self.", with: "")
            declared = storedProperty(token, in: type)
            guard declared != nil else {
                return .failure(Unfixable("its token is kept in \(token), which deinit cannot reach: remove it there"))
            }
        } else {
            // The token is thrown away (`_ = …`, or the call alone): a new property keeps it.
            token = "observation"
            declared = nil
            guard storedProperty(token, in: type) == nil else {
                return .failure(
                    Unfixable(
                        "its token is thrown away and \(token) is taken: keep it in a property, remove it in deinit"))
            }
            if let assignment {
                edits.append(
                    .replace(
                        from: assignment.positionAfterSkippingLeadingTrivia,
                        to: assignment.endPositionBeforeTrailingTrivia, with: token))
            } else if statement?.item.as(ExprSyntax.self)?.id == ExprSyntax(call).id {
                edits.append(.insert("\(token) = ", at: call.positionAfterSkippingLeadingTrivia))
            } else {
                return .failure(Unfixable("its token is not stored: keep it in a property and remove it in deinit"))
            }
            newProperties.append("private var \(token): NSObjectProtocol?")
        }
        if !newProperties.isEmpty {
            let first = type.memberBlock.members.first
            let indentation =
                first.map { String($0.leadingTrivia.description.reversed().prefix { $0 == " " || $0 == "\t" }) }
                ?? "    "
            edits.append(
                .insert(
                    newProperties.map { "\n\(indentation)\($0)" }.joined(),
                    at: first?.position ?? type.memberBlock.leftBrace.endPosition))
        }
        if let keepCenter {
            if let index = edits.firstIndex(where: { $0.range.lowerBound == keepCenter.at }) {
                edits[index] = SourceEdit(
                    range: edits[index].range, replacement: keepCenter.text + edits[index].replacement)
            } else {
                edits.append(SourceEdit(range: keepCenter.at..<keepCenter.at, replacement: keepCenter.text))
            }
        }
        let declaredType = declared?.bindings.first?.typeAnnotation?.type
        let optional =
            declared == nil || declaredType?.is(OptionalTypeSyntax.self) == true
            || declaredType?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
        let removal = "\(center).removeObserver(\(token))"
        return .success(
            edits
                + inDeinit(
                    optional ? "if let \(token) { \(removal) }" : removal, of: type,
                    unlessItHas: ["removeObserver(\(token)", "removeObserver(self"]))
    }

    /// `statement` in the class's `deinit`: first in the one it has, or in a
    /// new one before its closing brace; nothing when its `deinit` already
    /// contains one of `existing`.
    private static func inDeinit(_ statement: String, of type: ClassDeclSyntax, unlessItHas existing: [String])
        -> [SourceEdit]
    {
        let members = type.memberBlock.members
        let deinitializer = members.compactMap { $0.decl.as(DeinitializerDeclSyntax.self) }.first
        if let body = deinitializer?.body?.description, existing.contains(where: body.contains) { return [] }
        if let body = deinitializer?.body {
            return [.insert(" \(statement);", at: body.leftBrace.endPositionBeforeTrailingTrivia)]
        }
        let indentation =
            members.last.map { String($0.leadingTrivia.description.reversed().prefix { $0 == " " || $0 == "\t" }) }
            ?? "    "
        return [
            .insert(
                "\n\n\(indentation)deinit { \(statement) }",
                at: members.last?.endPositionBeforeTrailingTrivia
                    ?? type.memberBlock.leftBrace.endPositionBeforeTrailingTrivia)
        ]
    }

    /// The stored property `name` declared in `type`'s body.
    private static func storedProperty(_ name: String, in type: ClassDeclSyntax) -> VariableDeclSyntax? {
        type.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first { $0.names.contains(name) }
    }

    /// The closures `type` stores in `name` (`name = …`, `self.name = …`, its
    /// declaration's `= …`): the value itself, or those given to the call that makes it (`Task { … }`), read
    /// through a local it is first kept in (`let item = DispatchWorkItem { … }; pending = item`).
    private static func closuresAssigned(to name: String, in type: ClassDeclSyntax) -> [ClosureExprSyntax] {
        var values: [ExprSyntax] = storedProperty(name, in: type)?.bindings.compactMap { $0.initializer?.value } ?? []
        for sequence in type.nodes(of: SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                [name, "self.\(name)"].contains(elements[0].trimmedDescription)
            else { continue }
            values.append(localValue(of: elements[2]) ?? elements[2])
        }
        return values.flatMap { value -> [ClosureExprSyntax] in
            if let closure = value.as(ClosureExprSyntax.self) { return [closure] }
            return value.as(FunctionCallExprSyntax.self)?.closureArguments ?? []
        }
    }
}

/// The value `let name = value` gives a local `name` declared before `expression` in its function or closure.
private func localValue(of expression: ExprSyntax) -> ExprSyntax? {
    guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let scope = expression.enclosingFunctionLike
    else { return nil }
    return scope.nodes(of: VariableDeclSyntax.self).last { variable in
        !variable.isMember && variable.position < expression.position && variable.names == [name]
    }?.bindings.first?.initializer?.value
}

private extension VariableDeclSyntax {
    /// Whether the property's declared type is a function type, optional or not.
    var isFunctionTyped: Bool { functionType != nil }

    /// Whether it is a function type returning `Void`.
    var returnsNothing: Bool {
        guard let function = functionType else { return false }
        return ["Void", "()"].contains(function.returnClause.type.trimmedDescription)
    }

    private var functionType: FunctionTypeSyntax? {
        var type = bindings.first?.typeAnnotation?.type
        while let current = type {
            if let function = current.as(FunctionTypeSyntax.self) { return function }
            if let optional = current.as(OptionalTypeSyntax.self) { type = optional.wrappedType; continue }
            if let optional = current.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = optional.wrappedType; continue
            }
            if let tuple = current.as(TupleTypeSyntax.self), tuple.elements.count == 1 {
                type = tuple.elements.first?.type; continue
            }
            if let attributed = current.as(AttributedTypeSyntax.self) { type = attributed.baseType; continue }
            return nil
        }
        return nil
    }
}
#endif
