/// A leak shape that the guide names, with where it is explained and how to fix it.
public struct LeakPattern: Sendable, Codable, Hashable, CustomStringConvertible {
    /// A stable identifier, such as `"method-reference-implicit-self"`.
    public let id: String
    /// What happened, in a phrase.
    public let name: String
    /// The guide document that explains it (file name under `guide/`).
    public let guideFile: String
    /// The section of that document.
    public let guideSection: String
    /// The fix, in one line.
    public let fix: String

    /// `method reference captures self implicitly (guide 000, "Capture lists"); fix: …`.
    public var description: String {
        "\(name) (guide \(guideFile.prefix(3)), \"\(guideSection)\"); fix: \(fix)"
    }
}
