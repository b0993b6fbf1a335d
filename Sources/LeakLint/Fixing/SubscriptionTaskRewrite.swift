#if Lint
import SwiftSyntax

/// The fix of a task made in a subscribing closure (`Observable.create { observer in … }`) that runs on after
/// the subscription is disposed: the task kept in a local, and cancelled by the disposable the closure returns
/// (`return Disposables.create { task.cancel() }`).
enum SubscriptionTaskRewrite {
    /// The edits for the `Task` made on `line` of `file`; a reason when none fits.
    static func edits(forTaskOnLine line: Int, in file: LintedFile) -> Result<[SourceEdit], Unfixable> {
        let tasks = file.all(FunctionCallExprSyntax.self).filter {
            $0.calledName == "Task" && file.lines(of: $0).contains(line)
        }
        // The innermost task around the line: a task made inside another task's closure is the one named.
        guard let task = tasks.last else { return .failure(Unfixable("no Task is made on line \(line)")) }
        guard let handler = task.ancestor(ClosureExprSyntax.self),
            let statement = task.ancestor(CodeBlockItemSyntax.self),
            statement.parent?.parent?.id == handler.id
        else {
            return .failure(Unfixable("the task is not made by a statement of the closure that subscribes"))
        }
        let returns = handler.statements.nodes(of: ReturnStmtSyntax.self).filter {
            $0.ancestor(ClosureExprSyntax.self)?.id == handler.id
        }
        guard !returns.isEmpty else {
            return .failure(
                Unfixable("the task is made in a closure that returns no disposable: keep it where one can cancel it"))
        }
        let name: String
        var edits: [SourceEdit] = []
        if let declaration = statement.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            declaration.bindings.first?.initializer?.value.id == ExprSyntax(task).id,
            let declared = declaration.names.first
        {
            name = declared
        } else if statement.item.as(ExprSyntax.self)?.id == ExprSyntax(task).id {
            name = "task"
            let taken = handler.statements.tokens(viewMode: .sourceAccurate).contains {
                $0.tokenKind == .identifier(name)
            }
            guard !taken else {
                return .failure(Unfixable("the name task is taken in the closure: keep the task and cancel it"))
            }
            edits.append(.insert("let \(name) = ", at: task.positionAfterSkippingLeadingTrivia))
        } else {
            return .failure(Unfixable("the task is not kept in a local the disposable can cancel"))
        }
        for returned in returns {
            guard let disposable = cancelling(name, in: returned.expression) else {
                return .failure(
                    Unfixable(
                        "the closure returns \(returned.expression?.trimmedDescription ?? "nothing"): cancel the task in it"
                    ))
            }
            edits += disposable
        }
        return .success(edits)
    }

    /// `Disposables.create { task.cancel() }` for `Disposables.create()`, and `task.cancel()` first in the
    /// closure of `Disposables.create { … }`; nil for any other disposable.
    private static func cancelling(_ task: String, in expression: ExprSyntax?) -> [SourceEdit]? {
        guard let call = expression?.as(FunctionCallExprSyntax.self), call.calledName == "create",
            call.receiver?.trimmedDescription == "Disposables"
        else { return nil }
        let cancel = "\(task).cancel()"
        if call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty {
            if let closure = call.trailingClosure {
                return [.insert(" \(cancel);", at: closure.leftBrace.endPositionBeforeTrailingTrivia)]
            }
            guard let parenthesis = call.leftParen else { return nil }
            return [
                .replace(
                    from: parenthesis.positionAfterSkippingLeadingTrivia, to: call.endPositionBeforeTrailingTrivia,
                    with: " { \(cancel) }")
            ]
        }
        return nil
    }
}
#endif
