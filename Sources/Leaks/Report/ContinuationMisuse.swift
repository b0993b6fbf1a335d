/// A continuation the Swift runtime found misused while a check was open: a checked continuation freed
/// without being resumed. The runtime only prints it; the task awaiting it stays suspended for ever, with
/// everything its frame holds.
public struct ContinuationMisuse: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The function that made the continuation, as the runtime names it (`run()`).
    public let function: String
    /// What the runtime found (`leaked its continuation without resuming it`).
    public let misuse: String
    /// Where its last reference was dropped: the first frame of the code under test when it was freed; nil
    /// when no frame had a source location.
    public let droppedAt: SourceSite?
    /// Where the task awaits it: the await in the function that made it, read from the awaiting task's async
    /// frames when that task dropped it itself; nil otherwise.
    public internal(set) var awaitedAt: SourceSite?

    /// The runtime's wording of every continuation misuse begins so.
    static let runtimePrefix = "SWIFT TASK CONTINUATION MISUSE: "

    /// The misuse the runtime's `message` reports (`SWIFT TASK CONTINUATION MISUSE: run() leaked its
    /// continuation without resuming it. This may cause …`), dropped at `droppedAt`.
    init(runtimeMessage message: String, droppedAt: SourceSite?) {
        let body = message.hasPrefix(Self.runtimePrefix) ? message.dropFirst(Self.runtimePrefix.count) : message[...]
        let function = body.prefix { $0 != " " }
        self.function = String(function)
        misuse = String(body.dropFirst(function.count + 1).prefix { $0 != "." && $0 != "\n" })
        self.droppedAt = droppedAt
    }

    /// What to change: the continuation must be resumed once on every path.
    public static let fix =
        "resume the continuation exactly once on every path (the error path too), or hand it to an owner that fails it"

    public var description: String {
        "\(function) \(misuse)" + (awaitedAt.map { " (awaited at \($0))" } ?? "")
            + (droppedAt.map { " (dropped at \($0))" } ?? "")
            + ": the task awaiting it stays suspended for ever"
    }

    enum CodingKeys: String, CodingKey {
        case function, misuse, awaitedAt, awaitFile, awaitLine, droppedAt, file, line, droppedIn, fix
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(function, forKey: .function)
        try container.encode(misuse, forKey: .misuse)
        try container.encodeIfPresent(awaitedAt?.description, forKey: .awaitedAt)
        try container.encodeIfPresent(awaitedAt?.file, forKey: .awaitFile)
        try container.encodeIfPresent(awaitedAt?.line, forKey: .awaitLine)
        try container.encodeIfPresent(droppedAt?.description, forKey: .droppedAt)
        try container.encodeIfPresent(droppedAt?.file, forKey: .file)
        try container.encodeIfPresent(droppedAt?.line, forKey: .line)
        try container.encodeIfPresent(droppedAt?.function, forKey: .droppedIn)
        try container.encode(Self.fix, forKey: .fix)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        function = try container.decode(String.self, forKey: .function)
        misuse = try container.decode(String.self, forKey: .misuse)
        droppedAt = try container.decodeIfPresent(String.self, forKey: .file).map { file in
            SourceSite(
                file: file, line: try container.decodeIfPresent(UInt.self, forKey: .line) ?? 0,
                function: try container.decodeIfPresent(String.self, forKey: .droppedIn) ?? "")
        }
        awaitedAt = try container.decodeIfPresent(String.self, forKey: .awaitFile).map { file in
            SourceSite(file: file, line: try container.decodeIfPresent(UInt.self, forKey: .awaitLine) ?? 0)
        }
    }
}

extension [ContinuationMisuse] {
    /// The report's lines on the misused continuations, with the fix; none when there are none.
    var listing: [String] {
        guard !isEmpty else { return [] }
        return ["  \(count) continuation(s) misused (the Swift runtime's SWIFT TASK CONTINUATION MISUSE):"]
            + map { "    \($0)" } + ["    fix: \(ContinuationMisuse.fix)"]
    }
}
