#if Lint
import SwiftSyntax

extension SyntaxProtocol {
    /// The declarations around the node, outermost first:
    /// `ProfilePresenter.loadAvatar() case .strongSelfOnProfileChanges`.
    var scopeDescription: String {
        var parts: [String] = []
        var current = parent
        while let node = current {
            if let decl = node.as(ClassDeclSyntax.self) {
                parts.append(decl.name.text)
            } else if let decl = node.as(StructDeclSyntax.self) {
                parts.append(decl.name.text)
            } else if let decl = node.as(EnumDeclSyntax.self) {
                parts.append(decl.name.text)
            } else if let decl = node.as(ActorDeclSyntax.self) {
                parts.append(decl.name.text)
            } else if let decl = node.as(ProtocolDeclSyntax.self) {
                parts.append(decl.name.text)
            } else if let decl = node.as(ExtensionDeclSyntax.self) {
                parts.append(decl.extendedType.trimmedDescription)
            } else if let decl = node.as(FunctionDeclSyntax.self) {
                parts.append(decl.fullName)
            } else if node.is(InitializerDeclSyntax.self) {
                parts.append("init")
            } else if let decl = node.as(VariableDeclSyntax.self), decl.isMember {
                parts.append(decl.bindings.first?.pattern.trimmedDescription ?? "var")
            } else if let switchCase = node.as(SwitchCaseSyntax.self),
                let label = switchCase.label.as(SwitchCaseLabelSyntax.self)
            {
                parts.append("case " + label.caseItems.map(\.pattern.trimmedDescription).joined(separator: ", "))
            }
            current = node.parent
        }
        var text = ""
        for part in parts.reversed() {
            if text.isEmpty {
                text = part
            } else if part.hasPrefix("case ") {
                text += " " + part
            } else {
                text += "." + part
            }
        }
        return text
    }
}
#endif
