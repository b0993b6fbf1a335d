#if Lint
import SwiftSyntax

/// Whether a sequence's source completes by itself, read from its name the
/// way a reviewer would, since syntax alone cannot tell.
///
/// A method call is taken for a request that completes (`api.fetchProfile()`,
/// `interactor.apiCall()`), unless its name says it is a stream of updates
/// (`userUpdates(…)`, `profileChanges()`, `observeX()`) or it combines
/// sequences (`combineLatest`, `merge`, `interval`). A property, a parameter or
/// a subject (`interactor.modelUpdates`, `button.rx.tap`, `requests`) is taken
/// for a sequence that need not complete. A local constant is read through to
/// the expression it was initialised with.
enum SourceLifetime {
    /// The source ends by itself: what subscribes to it is released then.
    case completes
    /// The source may emit for as long as whoever holds it lives.
    case openEnded

    init(of source: ExprSyntax) {
        self = Self.lifetime(of: source, depth: 0)
    }

    private static func lifetime(of source: ExprSyntax, depth: Int) -> SourceLifetime {
        if let call = source.as(FunctionCallExprSyntax.self), let name = call.calledName {
            if Rx.completingConstructors.contains(name) { return .completes }
            if Rx.openEndedConstructors.contains(name) { return .openEnded }
            let lowered = name.lowercased()
            return Rx.streamWords.contains(where: lowered.contains) ? .openEnded : .completes
        }
        if depth < 4, let reference = source.as(DeclReferenceExprSyntax.self),
            let value = localValue(named: reference.baseName.text, before: source)
        {
            return lifetime(of: Chain.sourceOf(value), depth: depth + 1)
        }
        return .openEnded
    }

    /// The initial value of the local `let name = …` declared before `use` in the same body.
    private static func localValue(named name: String, before use: ExprSyntax) -> ExprSyntax? {
        guard let body = use.enclosingFunctionLike else { return nil }
        for variable in body.nodes(of: VariableDeclSyntax.self) where !variable.isMember {
            guard variable.position < use.position else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.initializer?.value
            }
        }
        return nil
    }
}

extension Chain {
    /// The source of the operator chain `expression` ends with.
    static func sourceOf(_ expression: ExprSyntax) -> ExprSyntax {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return expression }
        guard let name = call.calledName, Rx.operators.contains(name) else { return expression }
        return Chain(call).source
    }

    /// Whether the chain's source may outlive a request.
    var isOpenEnded: Bool {
        SourceLifetime(of: source) == .openEnded
    }
}
#endif
