/// A reference from one heap object to another, as the inspector reads it.
/// A graph holds millions: where it is in its holder is kept in two words
/// and a string, and made into a ``Place`` only for the few references shown.
struct HeapReference: Hashable {
    /// The referenced object's address.
    let target: UInt
    /// The fields the reference is in, outermost first, joined by dots; for an
    /// element holding it in a field (``Slot/keyed``), the element's
    /// description, ``keySeparator``, then the fields.
    private let name: String
    /// What `name` means, or an array element's index (`>= 0`).
    private let slot: Int
    /// The source line that made the reference, when known.
    var site: String?
    /// For a closure stored in a field: its function pointer.
    var function: UInt? { functionWord == 0 ? nil : functionWord }
    /// ``function``, 0 for none (a closure's function is never at 0): a
    /// graph holds millions of references, and an optional word pads each by eight bytes.
    private let functionWord: UInt
    /// Strong, weak, unowned or unowned(unsafe).
    let kind: ReferenceKind
    /// False when the reference was guessed by a word scan.
    let isVerified: Bool

    /// What a negative ``slot`` says `name` is.
    private enum Slot {
        /// A field path.
        static let field = -1
        /// An element's description and a field path within it.
        static let keyed = -2
        /// At and below: a word found by a scan, at offset `words - slot`.
        static let words = -16
    }

    /// Between an element's description and the fields within it: no field name or key holds it.
    private static let keySeparator: Character = "\u{1F}"

    /// Where a reference is in its holder.
    struct Place: Equatable {
        /// The holder's element the reference is in (an array's index, a dictionary's key), if any.
        let element: String?
        /// The fields it is in from there, outermost first; empty for a closure context's unnamed capture.
        let fields: [String]
        /// Set instead for a word found by a scan.
        let wordOffset: Int?
    }

    /// Where the reference is in its holder.
    var place: Place {
        if slot >= 0 { return Place(element: String(slot), fields: [], wordOffset: nil) }
        if slot <= Slot.words { return Place(element: nil, fields: [], wordOffset: Slot.words - slot) }
        let fields = { (path: Substring) in
            path.isEmpty ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
        guard slot == Slot.keyed, let separator = name.firstIndex(of: Self.keySeparator) else {
            return Place(element: nil, fields: fields(name[...]), wordOffset: nil)
        }
        return Place(
            element: String(name[..<separator]), fields: fields(name[name.index(after: separator)...]), wordOffset: nil)
    }

    /// The place as the raw walk reads it: `pair.first`, `element [3].value`, `word at +16`.
    var label: String {
        let place = place
        if let offset = place.wordOffset { return "word at +\(offset)" }
        let fields = place.fields.joined(separator: ".")
        guard let element = place.element else { return fields }
        return "element [\(element)]" + (fields.isEmpty ? "" : "." + fields)
    }

    /// A reference in the fields `path` (joined by dots; empty for an unnamed capture) of its holder,
    /// or of its holder's element `element`.
    init(
        target: UInt, path: String, in element: String? = nil, kind: ReferenceKind, isVerified: Bool,
        site: String? = nil, function: UInt? = nil
    ) {
        self.init(
            target: target, name: element.map { $0 + String(Self.keySeparator) + path } ?? path,
            slot: element == nil ? Slot.field : Slot.keyed, kind: kind, isVerified: isVerified, site: site,
            function: function)
    }

    /// A strong reference held by element `element` of an array.
    init(target: UInt, element: Int, kind: ReferenceKind) {
        self.init(target: target, name: "", slot: element, kind: kind, isVerified: true, site: nil, function: nil)
    }

    /// A reference a word scan found at `offset` in its holder.
    init(target: UInt, wordAt offset: Int) {
        self.init(
            target: target, name: "", slot: Slot.words - offset, kind: .strong, isVerified: false, site: nil,
            function: nil)
    }

    private init(
        target: UInt, name: String, slot: Int, kind: ReferenceKind, isVerified: Bool, site: String?, function: UInt?
    ) {
        self.target = target
        self.name = name
        self.slot = slot
        self.kind = kind
        self.isVerified = isVerified
        self.site = site
        functionWord = function ?? 0
    }
}

/// One object of the retain graph with its outgoing references.
struct HeapNode {
    /// What the inspector learned about a closure context.
    struct ClosureFacts {
        /// The context also holds weak or unowned captures.
        let hasWeakOrUnownedCapture: Bool
        /// Function pointers of the closures the context captures (a
        /// reabstraction thunk captures the closure it wraps).
        let wrappedFunctions: [UInt]
    }

    let address: UInt
    /// The name shown for the node (a type name, or what a closure is).
    let name: String
    /// The full type name reflection gave, when it gave one.
    let typeName: String?
    /// Its references, in the order the inspector read them (a slice of the
    /// graph's references, whose indices are the graph's).
    let references: ArraySlice<HeapReference>
    /// Set for closure contexts.
    let closure: ClosureFacts?
    /// What the object is.
    let kind: RetainNode.Kind
    /// Whether the object is a library's own (an RxCore sink, subject, bag...).
    let isLibrary: Bool
    /// The object's strong reference count when it was read, if read with it.
    var strongCount: Int? = nil
}
