/// A reference from one heap object to another, as the inspector reads it.
struct HeapReference: Hashable {
    /// The referenced object's address.
    let target: UInt
    /// What the reference means (a field name, `captures`, `element [3]`...).
    var label: String { element < 0 ? name : "element [\(element)]" }
    /// The label, unless `element` makes it.
    private let name: String
    /// For an array's element, its index, or -1. Its label is made when
    /// read: a walk meets a million elements and shows a few.
    private let element: Int
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

    init(target: UInt, label: String, kind: ReferenceKind, isVerified: Bool, site: String? = nil, function: UInt? = nil)
    {
        self.init(
            target: target, name: label, element: -1, kind: kind, isVerified: isVerified, site: site, function: function
        )
    }

    /// A strong reference held by element `element` of an array.
    init(target: UInt, element: Int, kind: ReferenceKind) {
        self.init(target: target, name: "", element: element, kind: kind, isVerified: true, site: nil, function: nil)
    }

    private init(
        target: UInt, name: String, element: Int, kind: ReferenceKind, isVerified: Bool, site: String?, function: UInt?
    ) {
        self.target = target
        self.name = name
        self.element = element
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
