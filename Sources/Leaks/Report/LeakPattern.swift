/// A named leak shape with its fix: what the report says a cycle is.
///
/// The engine recognises shapes (``LeakShape``) by the kinds of objects and
/// closures on a cycle; a ``LeakIntegration`` names them in its library's
/// words and points at the documentation that explains them. Without one,
/// the engine's own neutral wording is used.
public struct LeakPattern: Sendable, Codable, Hashable, CustomStringConvertible {
    /// A stable identifier, such as `"method-reference-implicit-self"`.
    public let id: String
    /// What happened, in a phrase.
    public let name: String
    /// Where it is explained (`guide 000, "Capture lists"`), when a library documents it.
    public let source: String?
    /// The fix, in one line.
    public let fix: String
    /// What this occurrence is about (`the method referenced in configure()`), when known.
    public let detail: String?

    /// A pattern as an integration names it.
    public init(id: String, name: String, source: String?, fix: String, detail: String? = nil) {
        self.id = id
        self.name = name
        self.source = source
        self.fix = fix
        self.detail = detail
    }

    /// `method reference captures self implicitly: the method referenced in configure() (guide 000, "Capture lists"); fix: …`.
    public var description: String {
        name + (detail.map { ": \($0)" } ?? "") + (source.map { " (\($0))" } ?? "") + "; fix: \(fix)"
    }
}

extension LeakPattern {
    /// The ``id`` of the pattern of an object a `NotificationCenter` observer
    /// block holds: its fix also removes the observer, which `[weak self]` alone leaves registered.
    package static var notificationObserverID: String { ObserverTable.pattern.id }
}
