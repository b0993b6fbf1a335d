#if Lint
import SwiftSyntax

/// The RxSwift vocabulary the rules recognise.
enum Rx {
    /// Calls that start a subscription and return its `Disposable`.
    static let subscriptions: Set<String> = ["subscribe", "bind", "drive", "emit"]

    /// Operators and subscriptions that keep a function they are given for as
    /// long as the subscription lives.
    static let retainingCalls: Set<String> = subscriptions.union([
        "map", "compactMap", "flatMap", "flatMapLatest", "flatMapFirst", "concatMap", "filter", "do",
        "scan", "reduce", "withLatestFrom", "combineLatest", "zip", "deferred", "create", "catch",
        "catchError", "retry", "distinctUntilChanged", "takeWhile", "take", "skipWhile", "skip",
        "groupBy", "buffer", "debug", "using", "Binder", "sample", "throttle", "debounce",
    ])

    /// Names only Rx has (collections and optionals have `map`, `filter`, `flatMap` too).
    static let rxOnlyNames: Set<String> = subscriptions.union([
        "disposed", "asObservable", "asDriver", "asSignal", "asSingle", "asMaybe", "asCompletable",
        "flatMapLatest", "flatMapFirst", "withLatestFrom", "share", "observe", "subscribe",
        "distinctUntilChanged", "startWith", "catchAndReturn", "deferred", "Binder", "rx",
        "debounce", "throttle", "materialize", "pausable", "takeUntil", "skipUntil", "asInfallible",
    ])

    /// Operators between a sequence and its subscription, stripped to find the source.
    static let operators: Set<String> = retainingCalls.union(rxOnlyNames).union([
        "asObservable", "asDriver", "asSignal", "observe", "subscribe", "share", "startWith",
        "catchAndReturn", "delay", "timeout", "ignoreElements", "elementAt", "single", "toArray",
        "materialize", "dematerialize", "changed", "orEmpty", "pausable", "takeUntil", "skipUntil",
    ]).subtracting(["combineLatest", "zip", "create"])

    /// Calls that make a sequence that completes by itself.
    static let completingConstructors: Set<String> = ["just", "of", "from", "empty", "error", "timer"]

    /// Calls that make a sequence that need not complete.
    static let openEndedConstructors: Set<String> = [
        "combineLatest", "merge", "zip", "interval", "never", "create", "concat",
    ]

    /// Words that name a stream of updates rather than a one-shot request.
    static let streamWords = ["updates", "changes", "stream", "events", "observe", "notifications", "values"]

    /// The reactive types whose properties the rules treat as sequences.
    static let reactiveTypes = [
        "Observable", "Driver", "Signal", "Single", "Maybe", "Completable", "Infallible", "ControlEvent",
        "ControlProperty", "PublishSubject", "BehaviorSubject", "ReplaySubject", "AsyncSubject",
        "PublishRelay", "BehaviorRelay", "ReplayRelay", "Binder",
    ]

    /// Subjects and relays: what a parent feeds and a child must not keep.
    static let subjectTypes = [
        "PublishSubject", "BehaviorSubject", "ReplaySubject", "AsyncSubject", "PublishRelay", "BehaviorRelay",
        "ReplayRelay",
    ]

    static func isReactiveType(_ text: String) -> Bool {
        reactiveTypes.contains { text.hasPrefix($0) || text.contains("<\($0)") || text.hasPrefix("\($0)<") }
    }
}

extension FunctionCallExprSyntax {
    /// The called name's last component: `flatMap` for `a.b.flatMap(…)`, `Binder` for `Binder(self) {…}`.
    var calledName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let generic = calledExpression.as(GenericSpecializationExprSyntax.self),
            let reference = generic.expression.as(DeclReferenceExprSyntax.self)
        {
            return reference.baseName.text
        }
        return nil
    }

    /// What the call is made on: `a.b` for `a.b.flatMap(…)`.
    var receiver: ExprSyntax? {
        calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// The argument labelled `label`.
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// Every closure given to the call: in its arguments and trailing.
    var closureArguments: [ClosureExprSyntax] {
        arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + [trailingClosure].compactMap { $0 }
            + additionalTrailingClosures.map(\.closure)
    }
}

/// A call and the operator chain it belongs to, from its source out to its disposal.
struct Chain {
    /// The call the chain was found from.
    let call: FunctionCallExprSyntax
    /// The calls made after `call` on its result, innermost first (`subscribe`, `disposed`).
    let outerCalls: [FunctionCallExprSyntax]
    /// The calls made before `call`, down to the source, outermost first.
    let innerCalls: [FunctionCallExprSyntax]
    /// What the operators start from: `interactor.profileChanges` in
    /// `interactor.profileChanges.flatMap { … }.subscribe()`.
    let source: ExprSyntax
    /// The whole chain expression.
    let outermost: ExprSyntax

    init(_ call: FunctionCallExprSyntax) {
        self.call = call
        var outer: [FunctionCallExprSyntax] = []
        var current = ExprSyntax(call)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
            let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id
        {
            outer.append(next)
            current = ExprSyntax(next)
        }
        outerCalls = outer
        outermost = current
        var inner: [FunctionCallExprSyntax] = []
        var expression = call.receiver
        while let innerCall = expression?.as(FunctionCallExprSyntax.self), let name = innerCall.calledName,
            Rx.operators.contains(name), let receiver = innerCall.receiver
        {
            inner.append(innerCall)
            expression = receiver
        }
        innerCalls = inner
        // A chain that starts with a call of the app's own (`self.forwardSteps(…)`) starts from that call.
        let startsWithOperator = call.calledName.map(Rx.operators.contains) ?? false
        source = startsWithOperator ? expression ?? ExprSyntax(call) : ExprSyntax(call)
    }

    /// The chain a call belongs to, or, for a `Binder(…)` handed to
    /// `bind(to:)`, the chain of that `bind`.
    static func enclosing(_ call: FunctionCallExprSyntax) -> Chain {
        if call.calledName == "Binder", let outer = call.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return Chain(outer)
        }
        return Chain(call)
    }

    /// Every name called along the chain.
    var calledNames: [String] {
        ([call] + outerCalls + innerCalls).compactMap(\.calledName)
    }

    /// The bag the chain's subscription is disposed by: `x` in `.disposed(by: x)`.
    var bag: ExprSyntax? {
        outerCalls.first { $0.calledName == "disposed" }?.argument("by")
    }

    /// Whether the chain's result is thrown away with `_ =`.
    var isDiscarded: Bool {
        guard let sequence = outermost.parent?.parent?.as(SequenceExprSyntax.self),
            let elements = Optional(Array(sequence.elements)), elements.count == 3,
            elements[0].is(DiscardAssignmentExprSyntax.self), elements[1].is(AssignmentExprSyntax.self)
        else {
            return false
        }
        return elements[2].id == outermost.id
    }

    /// Whether the chain is an Rx chain, not a collection's `map` or `filter`.
    func isReactive(in file: LintedFile) -> Bool {
        if calledNames.contains(where: Rx.rxOnlyNames.contains) { return true }
        if let name = source.lastName, file.declarations.reactiveProperties.contains(name) { return true }
        if let function = call.ancestor(FunctionDeclSyntax.self),
            let returned = function.signature.returnClause?.type.trimmedDescription, Rx.isReactiveType(returned)
        {
            return true
        }
        return false
    }
}

extension ExprSyntax {
    /// The last name in `a.b.c` (`c`), `a.b.c()` (`c`) or `c`.
    var lastName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let call = self.as(FunctionCallExprSyntax.self) { return call.calledName }
        if let unwrap = self.as(ForceUnwrapExprSyntax.self) { return unwrap.expression.lastName }
        if let optional = self.as(OptionalChainingExprSyntax.self) { return optional.expression.lastName }
        return nil
    }

    /// The first name in `a.b.c` (`a`): the object the expression starts from.
    var rootName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base?.rootName }
        if let call = self.as(FunctionCallExprSyntax.self) { return call.calledExpression.rootName }
        if let unwrap = self.as(ForceUnwrapExprSyntax.self) { return unwrap.expression.rootName }
        if let optional = self.as(OptionalChainingExprSyntax.self) { return optional.expression.rootName }
        return nil
    }

    /// Whether the expression is a type's member, `Service.shared` or `NotificationCenter.default`: types are
    /// named with a capital, instances are not.
    var isTypeMember: Bool {
        guard let member = self.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        return base.rootName?.first?.isUppercase == true
    }

    /// Whether the expression names `name` anywhere.
    func mentions(_ name: String) -> Bool {
        tokens(viewMode: .sourceAccurate).contains { $0.text == name }
    }

    /// `disposeBag` for `self.disposeBag`; the expression's text otherwise.
    var withoutSelf: String {
        let text = trimmedDescription
        return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }
}
#endif
