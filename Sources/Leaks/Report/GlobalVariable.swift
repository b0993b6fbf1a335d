/// A global or static variable of the code under test, as its symbol names it:
/// what a path from outside a check starts from, typed, so that a known library
/// leak can be matched on the variable that holds it rather than on a report's text.
public struct GlobalVariable: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The module that declares it: `ReactorKit`.
    public let module: String
    /// The type whose static it is (`MapTables`, `Outer.Inner`); nil for a global.
    public let type: String?
    /// The variable: `disposeBag`.
    public let name: String

    /// A variable of `module`, static of `type` (nil for a global), named `name`.
    public init(module: String, type: String?, name: String) {
        (self.module, self.type, self.name) = (module, type, name)
    }

    /// As the source names it: `MapTables.disposeBag`.
    public var description: String { (type.map { $0 + "." } ?? "") + name }
}
