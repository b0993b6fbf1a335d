import Foundation
import SwiftParser
import SwiftSyntax

/// A public function or initialiser, with what overload resolution reads of it.
struct Declaration {
    struct Parameter: Equatable {
        /// The argument label, `_` for none.
        let label: String
        /// The name inside the body.
        let name: String
        /// The type, normalised (see `Normalizer`), `...` kept for a variadic.
        let type: String
        /// The default value's text, nil for none.
        let defaultValue: String?

        var text: String {
            (label == name ? label : "\(label) \(name)") + ": " + type + (defaultValue.map { " = \($0)" } ?? "")
        }
    }

    /// The type declaring or extended, `ObservableType` for `extension ObservableType where …`.
    let context: String
    let name: String
    let isStatic: Bool
    let parameters: [Parameter]
    /// Where it is declared, relative to the root searched.
    let file: String
    let line: Int

    /// `map(_:)`.
    var selector: String { name + "(" + parameters.map { $0.label + ":" }.joined() + ")" }
    /// `ObservableType.map(_:)`, `static Observable.just(_:)`: how exclusions name a declaration.
    var key: String { (isStatic ? "static " : "") + context + "." + selector }
    var parameterList: String { "(" + parameters.map(\.text).joined(separator: ", ") + ")" }
}

/// Finds the public functions and initialisers of one file.
final class DeclarationCollector: SyntaxVisitor {
    private struct Context {
        let name: String
        /// Whether members without an access modifier are public (a public extension or protocol).
        let membersPublic: Bool
        /// Whether the declaration itself is visible outside its module.
        let visible: Bool
    }

    private let file: String
    private let converter: SourceLocationConverter
    private var contexts: [Context] = []
    private(set) var found: [Declaration] = []

    init(file: String, tree: SourceFileSyntax) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    static func declarations(in path: String, relativeTo root: String) throws -> [Declaration] {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let tree = Parser.parse(source: source)
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        let collector = DeclarationCollector(file: relative, tree: tree)
        collector.walk(tree)
        return collector.found
    }

    private func access(_ modifiers: DeclModifierListSyntax) -> String? {
        modifiers.lazy.map(\.name.text).first { ["public", "open", "internal", "private", "fileprivate", "package"].contains($0) }
    }

    private var outerVisible: Bool { contexts.last?.visible ?? true }

    private func push(_ name: String, _ modifiers: DeclModifierListSyntax, isProtocol: Bool = false) {
        let modifier = access(modifiers)
        let visible = outerVisible && (modifier == "public" || modifier == "open")
        contexts.append(Context(name: name, membersPublic: visible && isProtocol, visible: visible))
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let modifier = access(node.modifiers)
        let name = node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        contexts.append(Context(name: name, membersPublic: modifier == "public", visible: true))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text, node.modifiers); return .visitChildren }
    override func visitPost(_ node: ClassDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text, node.modifiers); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text, node.modifiers); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text, node.modifiers); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { contexts.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.modifiers, isProtocol: true)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { contexts.removeLast() }

    // Bodies hold no public declarations.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(name: node.name.text, modifiers: node.modifiers, attributes: node.attributes,
               generics: node.genericParameterClause, parameters: node.signature.parameterClause.parameters, node: node)
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(name: node.optionalMark == nil ? "init" : "init?", modifiers: node.modifiers, attributes: node.attributes,
               generics: node.genericParameterClause, parameters: node.signature.parameterClause.parameters, node: node)
        return .skipChildren
    }

    private func record(
        name: String, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax,
        generics: GenericParameterClauseSyntax?, parameters: FunctionParameterListSyntax, node: some SyntaxProtocol
    ) {
        let context = contexts.last
        let modifier = access(modifiers)
        let isPublic: Bool
        switch modifier {
        case "public", "open": isPublic = context?.visible ?? true
        case nil: isPublic = context?.membersPublic ?? false
        default: isPublic = false
        }
        // An unavailable declaration cannot be called: it takes no part in overload resolution.
        guard isPublic, !attributes.trimmedDescription.contains("unavailable") else { return }
        let normalizer = Normalizer(genericNames: generics?.parameters.map(\.name.text) ?? [], context: name.first?.isLetter == false && name.first != "_" ? context?.name ?? "" : "")
        let list = parameters.map { parameter in
            let label = parameter.firstName.text
            let name = parameter.secondName?.text ?? label
            var type = normalizer.type(parameter.type.trimmedDescription)
            if parameter.ellipsis != nil { type += "..." }
            return Declaration.Parameter(
                label: label, name: name, type: type,
                defaultValue: parameter.defaultValue.map {
                    normalizer.defaultValue($0.value.trimmedDescription, parameterType: type)
                })
        }
        let isStatic = modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        found.append(Declaration(
            context: context?.name ?? "", name: name, isStatic: isStatic, parameters: list,
            file: file, line: node.startLocation(converter: converter).line))
    }
}

/// Spells types alike on both sides: module prefixes, `any`, ownership specifiers, `()` for `Void`,
/// whitespace, and the labels inside function types dropped; in an operator
/// (`==`), a type named after its own generic context (`Event<Element>` inside `Event`) bare;
/// every generic parameter, and every opaque `some P` parameter (sugar for
/// one), spelled `τ`: constraints are not compared, only parameter lists.
struct Normalizer {
    let genericNames: [String]
    /// The operator's type, empty for other functions.
    let context: String

    private static let modules = ["Swift.", "RxSwift.", "RxCore.", "RxRelay.", "RxCocoa.", "RxTest.", "RxBlocking.",
                                  "RxCoreTesting.", "Foundation.", "Dispatch."]

    nonisolated(unsafe) private static let innerLabel = try! Regex(#"\b_ [A-Za-z_][A-Za-z0-9_]*: "#)
    nonisolated(unsafe) private static let opaque = try! Regex(#"\bsome [A-Za-z_][A-Za-z0-9_.]*"#)

    func type(_ text: String) -> String {
        var result = expression(text)
        for module in Self.modules { result = result.replacingAll(module, with: "") }
        result = result.replacingAll("any ", with: "")
        // Ownership specifiers change how the argument is passed, not which calls resolve.
        for specifier in ["consuming ", "borrowing ", "__owned ", "__shared "] where result.hasPrefix(specifier) {
            result = String(result.dropFirst(specifier.count))
        }
        result = result.replacingAll("->()", with: "->Void").replacingAll("-> ()", with: "-> Void")
        result = result.replacing(Self.innerLabel, with: "")
        result = result.replacing(Self.opaque, with: "τ")
        if !context.isEmpty, result.hasPrefix(context + "<"), result.hasSuffix(">") { result = context }
        return renamingGenerics(result)
    }

    /// A default value: `T.member` written `.member` where the parameter's type is `T`.
    func defaultValue(_ text: String, parameterType: String) -> String {
        var result = renamingGenerics(expression(text))
        if result.hasPrefix(parameterType + ".") { result = String(result.dropFirst(parameterType.count)) }
        return result
    }

    func expression(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func renamingGenerics(_ text: String) -> String {
        guard !genericNames.isEmpty else { return text }
        var output = "", word = "", afterDot = false
        func flush() {
            // A member after a dot (`Observer.Element`) is no generic parameter's name.
            output += !afterDot && genericNames.contains(word) ? "τ" : word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                if word.isEmpty { afterDot = output.last == "." }
                word.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = "", rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
