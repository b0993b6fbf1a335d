/// A subscription made in a leak check and still alive after settling, as
/// the library that made it describes it.
public struct LiveSubscription: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The name of the kind of resource live subscriptions are counted under in ``LeakReport/leftResources``:
    /// an integration that counts them names the kind so, and the report's list and counts then agree.
    public static let resourceKind = "subscriptions"

    /// The library's number for it, in order of creation.
    public let id: UInt64
    /// What made it, such as `subscribe`, `bind` or `sink`.
    public let verb: String
    /// The operator chain, such as `PublishSubject<Int> → map → subscribe`.
    public let chain: String
    /// Where it was made.
    public let site: SourceSite
    /// What owns it (`DisposeBag#2 (File.swift:4)`), or nil when nothing does.
    public let owner: String?
    /// The address of the object that owns it, when the library knows it: a
    /// check that judges as if that object were freed counts the subscription as ended.
    public let ownerAddress: UInt?
    /// Raw return addresses from where it was made, when backtraces were on.
    public let backtrace: [UInt]?
    /// The address of the object that is the subscription (what the library returned for it),
    /// when the library knows it: what still holds it is searched from there.
    public let address: UInt?
    /// What still holds it, found for a check that leaked no object but left work: the path
    /// from a global or static of the code under test down to it (``LeakCause/path``), or the
    /// retain cycle it is on (``LeakCause/cycle``); nil when neither was found.
    public internal(set) var holder: LeakCause?
    /// The frames of ``backtrace``, symbolicated: read from the raw addresses in the process that made
    /// them, and carried as text by a copy read back from JSON, where the addresses mean nothing.
    public var frames: [String]? { framesFromJSON ?? backtrace.map(Backtraces.symbolicate) }
    private var framesFromJSON: [String]?

    /// Describes a subscription for a report.
    public init(
        id: UInt64, verb: String, chain: String, site: SourceSite, owner: String?, ownerAddress: UInt? = nil,
        backtrace: [UInt]?, address: UInt? = nil
    ) {
        self.id = id
        self.verb = verb
        self.chain = chain
        self.site = site
        self.owner = owner
        self.ownerAddress = ownerAddress
        self.backtrace = backtrace
        self.address = address
    }

    /// `#3 PublishSubject<Int> → map → subscribe at File.swift:12, owned by DisposeBag#2 (File.swift:4)`.
    public var description: String {
        "#\(id) \(chain) at \(site), " + (owner.map { "owned by \($0)" } ?? "not owned")
    }

    /// The report's lines for it: the subscription, then what holds it, edge by edge.
    var listing: [String] {
        guard let holder, let edges = holder.path ?? holder.cycle else { return [description] }
        let how = holder.path.map { "held from \($0.nodes.first?.name ?? "a global")" } ?? "held by a retain cycle"
        return [description, "  \(how):"] + edges.description.split(separator: "\n").map { "    \($0)" }
    }

    enum CodingKeys: String, CodingKey { case id, verb, chain, site, file, line, function, owner, holder, backtrace }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(verb, forKey: .verb)
        try container.encode(chain, forKey: .chain)
        try container.encode(site.description, forKey: .site)
        try container.encode(site.file, forKey: .file)
        try container.encode(site.line, forKey: .line)
        try container.encode(site.function, forKey: .function)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encodeIfPresent(holder, forKey: .holder)
        try container.encodeIfPresent(frames, forKey: .backtrace)
    }

    /// Reads what ``encode(to:)`` wrote: the addresses and the raw backtrace stay in the process that made
    /// it; the symbolicated frames come back as ``frames``.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UInt64.self, forKey: .id), verb: try container.decode(String.self, forKey: .verb),
            chain: try container.decode(String.self, forKey: .chain),
            site: SourceSite(
                file: try container.decode(String.self, forKey: .file),
                line: try container.decode(UInt.self, forKey: .line),
                function: try container.decode(String.self, forKey: .function)),
            owner: try container.decodeIfPresent(String.self, forKey: .owner), backtrace: nil)
        holder = try container.decodeIfPresent(LeakCause.self, forKey: .holder)
        framesFromJSON = try container.decodeIfPresent([String].self, forKey: .backtrace)
    }
}

/// A place in the source: a file as `#fileID` gives it, a line, a function.
public struct SourceSite: Sendable, Hashable, CustomStringConvertible {
    /// `Module/File.swift`.
    public let file: String
    /// The line.
    public let line: UInt
    /// The function, empty when unknown.
    public let function: String

    /// A site from `#fileID`, `#line` and `#function` values.
    public init(file: String, line: UInt, function: String = "") {
        self.file = file
        self.line = line
        self.function = function
    }

    /// `File.swift:42`; the file alone when the line is unknown (0).
    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return line == 0 ? name : "\(name):\(line)"
    }
}
