/// What one reference of a retain path is, typed: the display text (``label``), a report's JSON,
/// leak signatures, the lint join and fixes all derive from it, so that none reads meaning back
/// from text the engine wrote.
public enum RetainReference: Sendable, Hashable, CustomStringConvertible {
    /// A stored property of the holder.
    case field(StoredField)
    /// An element of a collection that is the holder (an array's index, a dictionary's key),
    /// when no property names the collection. For display only: an element's place changes with order.
    case element(String)
    /// A closure's (or a task's, or a dispatch block's) capture of the object.
    case capture
    /// What the holder, a library object of a known role, does with what it refers to.
    case ownership(Ownership)
    /// A word found by scanning an object without metadata, at this offset from the object's start.
    case word(offset: Int)
    /// A reference from a root: what holds the first object of a path from outside any check.
    case root(Root)
    /// A reference known only by its text: read from a report written before references were typed.
    case described(String)

    /// A stored property: `disposeBag` for the code under test's types, `Do.onNext` for a library's.
    public struct StoredField: Sendable, Hashable, Codable {
        /// The library type that declares the field, as the holder is named (`Do`): nil for the code under test's.
        public let owner: String?
        /// The property: the holder's own for the code under test's types; through a library's own structs,
        /// the innermost named field (a closure kept in an operator's parameters is `Do.onNext`).
        public let name: String
        /// Fields of the property's value shown after its name (`_task` in `task._task`), outermost first.
        public let path: [String]
        /// The element of the collection the field holds (`observers[1]`): for display only.
        public let element: String?

        /// The field `name` of `owner` (nil for the code under test's types), through `path`, at `element`.
        public init(owner: String?, name: String, path: [String] = [], element: String? = nil) {
            self.owner = owner
            self.name = name
            self.path = path
            self.element = element
        }

        /// `Do.onNext`, `task._task`, `observers[1]`.
        public var label: String {
            (owner.map { $0 + "." } ?? "") + ([name] + path).joined(separator: ".") + (element.map { "[\($0)]" } ?? "")
        }
    }

    /// What a library object of a known role does with its references (``RetainNode/Kind``).
    public enum Ownership: String, Sendable, Codable, CaseIterable {
        /// A subscription container (a dispose bag) holds its subscriptions.
        case holds
        /// A subject or relay keeps its observers.
        case observer
        /// A subscription keeps what it subscribed to.
        case upstream
    }

    /// What holds the first object of a path from outside any check.
    public enum Root: String, Sendable, Codable, CaseIterable {
        /// A global or static variable's value.
        case global
        /// A scheduled timer's block, which the run loop keeps.
        case timer
        /// A running task's closure.
        case task
        /// The closure of a task suspended for ever: nothing can resume it.
        case stuckTask
        /// The closure of a task made while subscribing (in `Observable.create`), which the subscription's
        /// disposable does not cancel.
        case subscriptionTask
        /// A block pending on a dispatch queue.
        case dispatchBlock
        /// A notification center's observer block.
        case notificationObserver
        /// A thread's stack.
        case threadStack

        /// What the reference reads in a path.
        var label: String {
            switch self {
            case .global: "value"
            case .timer, .dispatchBlock: "block"
            case .task, .stuckTask, .subscriptionTask: "closure"
            case .notificationObserver: "observers"
            case .threadStack: "stack"
            }
        }
    }

    /// The text a report shows: `disposeBag`, `Do.onNext`, `element [3]`, `captures`, `holds`...
    public var label: String {
        switch self {
        case .field(let field): field.label
        case .element(let element): "element [\(element)]"
        case .capture: "captures"
        case .ownership(let ownership): ownership.rawValue
        case .word(let offset): "word at +\(offset)"
        case .root(let root): root.label
        case .described(let text): text
        }
    }

    public var description: String { label }

    /// The stored field, when the reference is one.
    public var field: StoredField? {
        if case .field(let field) = self { return field }
        return nil
    }
}

extension RetainReference: Codable {
    private enum CodingKeys: String, CodingKey { case kind, owner, name, path, element, offset, root, text }

    /// The `kind` of a reference's JSON.
    private enum Tag: String, Codable {
        case field, element, capture, ownership, word, root, described
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .field(let field):
            try container.encode(Tag.field, forKey: .kind)
            try container.encodeIfPresent(field.owner, forKey: .owner)
            try container.encode(field.name, forKey: .name)
            if !field.path.isEmpty { try container.encode(field.path, forKey: .path) }
            try container.encodeIfPresent(field.element, forKey: .element)
        case .element(let element):
            try container.encode(Tag.element, forKey: .kind)
            try container.encode(element, forKey: .element)
        case .capture:
            try container.encode(Tag.capture, forKey: .kind)
        case .ownership(let ownership):
            try container.encode(Tag.ownership, forKey: .kind)
            try container.encode(ownership, forKey: .name)
        case .word(let offset):
            try container.encode(Tag.word, forKey: .kind)
            try container.encode(offset, forKey: .offset)
        case .root(let root):
            try container.encode(Tag.root, forKey: .kind)
            try container.encode(root, forKey: .root)
        case .described(let text):
            try container.encode(Tag.described, forKey: .kind)
            try container.encode(text, forKey: .text)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Tag.self, forKey: .kind) {
        case .field:
            self = .field(
                StoredField(
                    owner: try container.decodeIfPresent(String.self, forKey: .owner),
                    name: try container.decode(String.self, forKey: .name),
                    path: try container.decodeIfPresent([String].self, forKey: .path) ?? [],
                    element: try container.decodeIfPresent(String.self, forKey: .element)))
        case .element: self = .element(try container.decode(String.self, forKey: .element))
        case .capture: self = .capture
        case .ownership: self = .ownership(try container.decode(Ownership.self, forKey: .name))
        case .word: self = .word(offset: try container.decode(Int.self, forKey: .offset))
        case .root: self = .root(try container.decode(Root.self, forKey: .root))
        case .described: self = .described(try container.decode(String.self, forKey: .text))
        }
    }
}
