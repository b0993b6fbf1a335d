/// A place in the source code: where a subscription was made, where a closure
/// was handed to an operator, where a bag was created.
///
/// Every RxCore entry point that takes a user closure or makes a subscription
/// takes `file`, `line` and `function` parameters with `#fileID`, `#line` and
/// `#function` defaults, so call sites are recorded without changing user code.
/// The strings are kept as `StaticString`s, so recording a site costs no allocation.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    private let fileID: StaticString
    private let functionName: StaticString
    /// The line of the call.
    public let line: UInt

    /// Creates a call site from the values of `#fileID`, `#line` and `#function`.
    public init(file: StaticString, line: UInt, function: StaticString = "") {
        self.fileID = file
        self.line = line
        self.functionName = function
    }

    /// The file, as `#fileID` gives it (`Module/File.swift`).
    public var file: String { fileID.description }
    /// The function the call was made in.
    public var function: String { functionName.description }

    /// The file name without its module prefix, as people read it.
    public var fileName: String {
        file.split(separator: "/").last.map(String.init) ?? file
    }

    /// `File.swift:42`.
    public var description: String { "\(fileName):\(line)" }

    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.line == rhs.line && lhs.file == rhs.file && lhs.function == rhs.function
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
    }
}
