/// An object in a retain graph.
public struct RetainNode: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The object's address.
    public let address: UInt
    /// What it is called: a type name, or a description such as
    /// `closure given to flatMap at Presenter.swift:42`. For display only:
    /// what the node is, is its ``kind``.
    public let name: String
    /// What the node is, decided when the heap was read.
    public let kind: Kind
    /// For a closure, the call it was given to (`flatMap`, `asyncAfter`, `addObserver`), when known:
    /// what names it in a leak's signature.
    public let call: String?
    /// The short name of its class, from its metadata, when known (`Subject<Int>`): what a leak's
    /// signature names an object by, whatever name a report shows.
    public let type: String?

    init(address: UInt, name: String, kind: Kind, call: String? = nil, type: String? = nil) {
        self.address = address
        self.name = name
        self.kind = kind
        self.call = call
        self.type = type
    }

    /// Reads a node from a report's JSON; one written before nodes had kinds is of kind ``Kind/unknown``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        address = try container.decode(UInt.self, forKey: .address)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .unknown
        call = try container.decodeIfPresent(String.self, forKey: .call)
        type = try container.decodeIfPresent(String.self, forKey: .type)
    }

    public var description: String { name }

    /// What a node of a retain graph is. The engine decides it from the
    /// object's metadata (its class, whether it is a closure context) and the
    /// integrations' answers by type, never from a name.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// An object with no role below: the code under test's, or a library's.
        case object
        /// A subscription container (a dispose bag): its references read `holds`.
        case subscriptionContainer
        /// A subject or relay: its references read `observer`.
        case subject
        /// One subscription: its references read `upstream`.
        case subscription
        /// A library's object that only carries a reference along (a lock, a disposer): folded away.
        case plumbing
        /// The standard library's storage (an array's or a dictionary's buffer): folded away.
        case storage
        /// A closure whose site is known: one handed to a library, or one whose holder recorded where it was made.
        case closure
        /// A closure context or box nothing more is known about: folded away.
        case closureContext
        /// A `Task`.
        case task
        /// A `DispatchWorkItem` or the block it runs.
        case dispatchWork
        /// A Foundation `Timer`, which keeps its block: where a path from the run loop starts.
        case timer
        /// What a global or static holds, named as in the source (`ChangeFeed.shared`): where a path from outside a check starts.
        case global
        /// Something that could not be read.
        case unknown

        /// The kind of an object of `role`.
        init(role: LibraryObjectRole?) {
            switch role {
            case .subscriptionContainer: self = .subscriptionContainer
            case .subject: self = .subject
            case .subscription: self = .subscription
            case .plumbing: self = .plumbing
            case nil: self = .object
            }
        }

        /// The role an integration gave it.
        var role: LibraryObjectRole? {
            switch self {
            case .subscriptionContainer: .subscriptionContainer
            case .subject: .subject
            case .subscription: .subscription
            case .plumbing: .plumbing
            default: nil
            }
        }

        /// Whether it is a closure, known or not.
        var isClosure: Bool { self == .closure || self == .closureContext }

        /// Whether it only carries a reference along, and is folded out of a cycle shown.
        var isFolded: Bool { self == .plumbing || self == .storage || self == .closureContext }

        /// What a reference from a node of this kind means, when the kind says it.
        var meaningOfReferences: RetainReference? {
            switch self {
            case .subscriptionContainer: .ownership(.holds)
            case .subject: .ownership(.observer)
            case .subscription: .ownership(.upstream)
            case .closure, .closureContext: .capture
            default: nil
            }
        }
    }
}
