#if Lint
import SwiftParser
import SwiftSyntax

/// A parsed source file and what the rules need to know about its
/// declarations: which types are classes, which names are instance methods,
/// dispose bags and reactive properties.
package final class LintedFile {
    /// The path as given.
    package let path: String
    /// The syntax tree.
    package let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let declarations: Declarations

    /// Parses `source`, read from `path`.
    package init(path: String, source: String) {
        self.path = path
        tree = Parser.parse(source: source)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        declarations = Declarations(tree)
    }

    /// Every node of type `Node` in the file, in source order.
    func all<Node: SyntaxProtocol>(_ type: Node.Type) -> [Node] {
        tree.nodes(of: type)
    }

    /// The declarations around the code that starts on `line` (1-based), as
    /// findings name them (`ProfilePresenter.loadAvatar()`); nil when no code
    /// starts on that line or it is at the top level.
    package func scope(ofLine line: Int) -> String? {
        let token = tree.tokens(viewMode: .sourceAccurate).first {
            $0.tokenKind != .endOfFile && position(of: $0).line == line
        }
        return token.map(\.scopeDescription).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The lines of the outermost call chain around `node` (or of `node` itself outside any call).
    func chainLines(around node: Syntax) -> ClosedRange<Int> {
        var outermost = node
        var current: Syntax? = node
        while let next = current {
            if let call = next.as(FunctionCallExprSyntax.self) { outermost = Syntax(Chain(call).outermost) }
            // A statement of a closure is inside the chain that took the closure; any other ends the search.
            if next.is(CodeBlockItemSyntax.self), next.parent?.parent?.is(ClosureExprSyntax.self) != true { break }
            if next.is(MemberBlockItemSyntax.self) { break }
            current = next.parent
        }
        return lines(of: outermost)
    }

    /// The 1-based lines `node` spans, trivia excluded.
    func lines(of node: some SyntaxProtocol) -> ClosedRange<Int> {
        let start = position(of: node).line
        return start...max(start, node.endLocation(converter: converter, afterTrailingTrivia: false).line)
    }

    /// The 1-based line and column where `node` starts, trivia excluded.
    func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let location = node.startLocation(converter: converter, afterLeadingTrivia: true)
        return (location.line, location.column)
    }
}

/// What a file declares, gathered in one pass before the rules run.
struct Declarations {
    /// Names of the classes (and actors) declared in the file, last component only.
    var classNames: Set<String> = []
    /// Names of the structs and enums declared in the file: their methods capture a copy, not an owner.
    var valueTypeNames: Set<String> = []
    /// Instance methods of classes (or of types the file does not declare), by
    /// base name and by full name (`doWork(model:)`).
    var instanceMethods: Set<String> = []
    /// Stored properties that hold a `DisposeBag`.
    var bagNames: Set<String> = []
    /// Properties whose type or initial value is a reactive type (`Observable`, a subject, a relay, …).
    var reactiveProperties: Set<String> = []
    /// Stored properties declared `weak` or `unowned`, and those declared strong, by name.
    var nonOwningProperties: Set<String> = []
    var owningProperties: Set<String> = []
    /// Stored properties set to a shared instance, a type's member (`Service.shared`, `NotificationCenter.default`):
    /// held, but not owned.
    var sharedProperties: Set<String> = []

    init(_ tree: SourceFileSyntax) {
        for node in tree.nodes(of: ClassDeclSyntax.self) { classNames.insert(node.name.text) }
        for node in tree.nodes(of: ActorDeclSyntax.self) { classNames.insert(node.name.text) }
        for node in tree.nodes(of: StructDeclSyntax.self) { valueTypeNames.insert(node.name.text) }
        for node in tree.nodes(of: EnumDeclSyntax.self) { valueTypeNames.insert(node.name.text) }
        for function in tree.nodes(of: FunctionDeclSyntax.self) where !function.isStatic {
            guard let type = function.enclosingTypeName, !valueTypeNames.contains(type) || classNames.contains(type)
            else { continue }
            instanceMethods.insert(function.name.text)
            instanceMethods.insert(function.fullName)
        }
        for variable in tree.nodes(of: VariableDeclSyntax.self) where variable.isMember {
            let typeText = variable.bindings.compactMap { $0.typeAnnotation?.type.trimmedDescription }.joined()
            let valueText = variable.bindings.compactMap { $0.initializer?.value.trimmedDescription }.joined()
            let names = variable.names
            if variable.declaresBag { bagNames.formUnion(names) }
            if Rx.isReactiveType(typeText) || Rx.isReactiveType(valueText) { reactiveProperties.formUnion(names) }
            if variable.modifiers.contains(where: { ["weak", "unowned"].contains($0.name.text) }) {
                nonOwningProperties.formUnion(names)
            } else {
                owningProperties.formUnion(names)
            }
            if variable.bindings.contains(where: { $0.initializer?.value.isTypeMember == true }) {
                sharedProperties.formUnion(names)
            }
        }
    }

    /// Whether the type called `name` may be a class: declared as one here, or not declared here at all.
    func mayBeClass(_ name: String?) -> Bool {
        guard let name else { return false }
        return classNames.contains(name) || !valueTypeNames.contains(name)
    }
}

extension SyntaxProtocol {
    /// Every descendant of type `Node`, in source order.
    func nodes<Node: SyntaxProtocol>(of type: Node.Type) -> [Node] {
        let collector = NodeCollector<Node>(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.found
    }

    /// The nearest ancestor of type `Node`.
    func ancestor<Node: SyntaxProtocol>(_ type: Node.Type) -> Node? {
        var current = parent
        while let node = current {
            if let match = node.as(type) { return match }
            current = node.parent
        }
        return nil
    }

    /// The nearest enclosing function, initializer, accessor or closure, as a syntax node.
    var enclosingFunctionLike: Syntax? {
        var current = parent
        while let node = current {
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
                || node.is(AccessorDeclSyntax.self) || node.is(ClosureExprSyntax.self)
            {
                return node
            }
            current = node.parent
        }
        return nil
    }

    /// The name of the nearest enclosing type or extension (last component).
    var enclosingTypeName: String? {
        var current = parent
        while let node = current {
            if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ExtensionDeclSyntax.self) {
                return decl.extendedType.trimmedDescription.split(separator: ".").last.map(String.init)
            }
            if node.is(ProtocolDeclSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    /// Whether the code runs on an instance (not inside a `static` or `class` member).
    var isInInstanceContext: Bool {
        var current = parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) { return !function.isStatic }
            if let variable = node.as(VariableDeclSyntax.self), variable.isMember {
                return !variable.modifiers.isStatic
            }
            if node.is(InitializerDeclSyntax.self) { return true }
            current = node.parent
        }
        return false
    }
}

private final class NodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [Node] = []
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { found.append(match) }
        return .visitChildren
    }
}

extension DeclModifierListSyntax {
    var isStatic: Bool { contains { ["static", "class"].contains($0.name.text) } }
}

extension FunctionDeclSyntax {
    var isStatic: Bool { modifiers.isStatic }

    /// `doWork(model:)`.
    var fullName: String {
        let labels = signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        return "\(name.text)(\(labels))"
    }
}

extension VariableDeclSyntax {
    /// Whether the variable is a member of a type, not a local.
    var isMember: Bool { parent?.is(MemberBlockItemSyntax.self) ?? false }

    /// The names the declaration binds.
    var names: [String] { bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }

    /// Whether it declares a dispose bag: of type `DisposeBag` (optional or not), or made with `DisposeBag()`.
    var declaresBag: Bool {
        let typeText = bindings.compactMap { $0.typeAnnotation?.type.trimmedDescription }.joined()
        let valueText = bindings.compactMap { $0.initializer?.value.trimmedDescription }.joined()
        return ["DisposeBag", "DisposeBag?", "DisposeBag!"].contains(typeText) || valueText == "DisposeBag()"
    }
}
#endif
