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
    static func guardLetSelf(before statement: CodeBlockItemSyntax) -> SourceEdit {
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

    /// `[step = self.step]` in the capture list and `step` for each `self.step`
    /// in the body, when every `self` the closure names reads one of
    /// `constants` (the class's stored `let` properties, which never change):
    /// the closure computes the same values from copies made with it, and holds
    /// no object. Nil when it needs `self` itself (a `var`, a method, `self`
    /// alone, a nested capture of `self`) or a copy's name is already in use there.
    static func copiedConstants(in closure: ClosureExprSyntax, constants: Set<String>) -> [SourceEdit]? {
        var copied: [String] = []
        var edits: [SourceEdit] = []
        for token in closure.statements.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.self) {
            let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            let member = reference?.parent?.as(MemberAccessExprSyntax.self)
            if let reference, member?.declName.id == reference.id { continue }  // `value.self`
            guard let reference, let member, member.base?.id == reference.id, member.declName.argumentNames == nil,
                constants.contains(member.declName.baseName.text)
            else { return nil }
            let name = member.declName.baseName.text
            if !copied.contains(name) { copied.append(name) }
            edits.append(
                .replace(
                    from: member.positionAfterSkippingLeadingTrivia,
                    to: member.declName.positionAfterSkippingLeadingTrivia, with: ""))
        }
        guard !copied.isEmpty else { return nil }
        let copiesOnly = Set(edits.map(\.range.upperBound))
        let clash = closure.tokens(viewMode: .sourceAccurate).contains { token in
            copied.contains(token.text) && !copiesOnly.contains(token.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        guard !clash else { return nil }
        return [adding(copied.map { "\($0) = self.\($0)" }.joined(separator: ", "), toCaptureListOf: closure)] + edits
    }

    /// `self` captured with `modifier`: the capture list's strong `self` gets
    /// the modifier, or `modifier self` joins the list, or a list is added.
    static func capture(_ modifier: String, in closure: ClosureExprSyntax) -> [SourceEdit] {
        if let item = closure.signature?.capture?.items.first(where: {
            $0.name.tokenKind == .keyword(.self) && $0.specifier == nil
        }) {
            return [.insert("\(modifier) ", at: item.name.positionAfterSkippingLeadingTrivia)]
        }
        return [adding("\(modifier) self", toCaptureListOf: closure)]
    }

    /// `items` first in the closure's capture list, or in a list of their own when it has none.
    static func adding(_ items: String, toCaptureListOf closure: ClosureExprSyntax) -> SourceEdit {
        guard let signature = closure.signature else {
            return .insert(" [\(items)] in", at: closure.leftBrace.endPositionBeforeTrailingTrivia)
        }
        guard let clause = signature.capture else {
            return .insert("[\(items)] ", at: signature.positionAfterSkippingLeadingTrivia)
        }
        return .insert("\(items), ", at: clause.leftSquare.endPositionBeforeTrailingTrivia)
    }
}
#endif
