#if Lint
import SwiftSyntax

/// The guide's fixes for a closure that holds `self` strongly, as edits.
enum CaptureRewrite {
    /// `[weak self]` in the capture list, then `guard let self else { return }`
    /// as the body's first statement: the closure does nothing once the object
    /// is gone, and its body reads as before.
    static func weakSelf(in closure: ClosureExprSyntax) -> [SourceEdit] {
        guard let first = closure.statements.first else { return capture("weak", in: closure) }
        return capture("weak", in: closure) + [guardLetSelf(before: first)]
    }

    /// `[weak self]`, with the `guard` as the first statement of `loop`'s
    /// body: a task looping over a stream (`for await change in changes`)
    /// holds `self` only while it handles one element, and ends at the first
    /// element after the object is gone.
    static func weakSelf(in closure: ClosureExprSyntax, eachTimeRound loop: CodeBlockSyntax) -> [SourceEdit] {
        guard let first = loop.statements.first else { return capture("weak", in: closure) }
        return capture("weak", in: closure) + [guardLetSelf(before: first)]
    }

    /// `guard let self else { return }` before `statement`: on a line of its
    /// own when the statement starts one, otherwise followed by `; `.
    private static func guardLetSelf(before statement: CodeBlockItemSyntax) -> SourceEdit {
        let leading = statement.leadingTrivia.description
        let guardStatement: String
        if let newline = leading.lastIndex(where: \.isNewline) {
            let indentation = leading[leading.index(after: newline)...]
            guardStatement = "guard let self else { return }\n\(indentation)"
        } else {
            guardStatement = "guard let self else { return }; "
        }
        return .insert(guardStatement, at: statement.positionAfterSkippingLeadingTrivia)
    }

    /// `[unowned self]` in the capture list: for a closure that must return a
    /// value, where the object's own bag ends the subscription before the
    /// object goes.
    static func unownedSelf(in closure: ClosureExprSyntax) -> [SourceEdit] {
        capture("unowned", in: closure)
    }

    /// `self` captured with `modifier`: the capture list's strong `self` gets
    /// the modifier, or `modifier self` joins the list, or a list is added.
    private static func capture(_ modifier: String, in closure: ClosureExprSyntax) -> [SourceEdit] {
        guard let signature = closure.signature else {
            return [.insert(" [\(modifier) self] in", at: closure.leftBrace.endPositionBeforeTrailingTrivia)]
        }
        guard let clause = signature.capture else {
            return [.insert("[\(modifier) self] ", at: signature.positionAfterSkippingLeadingTrivia)]
        }
        if let item = clause.items.first(where: { $0.name.tokenKind == .keyword(.self) && $0.specifier == nil }) {
            return [.insert("\(modifier) ", at: item.name.positionAfterSkippingLeadingTrivia)]
        }
        return [.insert("\(modifier) self, ", at: clause.leftSquare.endPositionBeforeTrailingTrivia)]
    }
}
#endif
