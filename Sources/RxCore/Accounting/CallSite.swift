/// A place in the source code: where a subscription was made, where a closure
/// was handed to an operator, where a bag was created.
///
/// Every RxCore entry point that takes a user closure or makes a subscription
/// takes `file`, `line` and `function` parameters with `#fileID`, `#line` and
/// `#function` defaults, so call sites are recorded without changing user code.
/// The strings are those of the `StaticString`s, kept by address and length,
/// so recording a site costs no allocation; a site takes 32 bytes, where two
/// `StaticString`s and the line would take 56 (a site is stored in every
/// subscription and in every operator that takes a closure).
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// Each string's UTF-8 bytes: their address and count.
    private let fileBits: UInt
    private let functionBits: UInt
    private let fileCount: UInt32
    private let functionCount: UInt32
    /// The line of the call.
    public let line: UInt

    /// Creates a call site from the values of `#fileID`, `#line` and `#function`.
    public init(file: StaticString, line: UInt, function: StaticString = "") {
        (fileBits, fileCount) = Self.parts(of: file)
        (functionBits, functionCount) = Self.parts(of: function)
        self.line = line
    }

    /// The file, as `#fileID` gives it (`Module/File.swift`).
    public var file: String { Self.string(fileBits, fileCount) }
    /// The function the call was made in.
    public var function: String { Self.string(functionBits, functionCount) }

    /// A `StaticString` without an address (one Unicode scalar, which no
    /// literal makes with today's compilers) is kept as an empty string.
    private static func parts(of string: StaticString) -> (bits: UInt, count: UInt32) {
        guard string.hasPointerRepresentation else { return (0, 0) }
        return (UInt(bitPattern: string.utf8Start), UInt32(truncatingIfNeeded: string.utf8CodeUnitCount))
    }

    private static func string(_ bits: UInt, _ count: UInt32) -> String {
        guard let start = UnsafePointer<UInt8>(bitPattern: bits) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(count)), as: UTF8.self)
    }

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
