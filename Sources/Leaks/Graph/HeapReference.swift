/// A reference from one heap object to another, as the inspector reads it.
struct HeapReference: Hashable {
    /// The referenced object's address.
    let target: UInt
    /// What the reference means (a field name, `captures`, `element [3]`...).
    let label: String
    /// Strong, weak, unowned or unowned(unsafe).
    let kind: ReferenceKind
    /// False when the reference was guessed by a word scan.
    let isVerified: Bool
    /// The source line that made the reference, when known.
    var site: String? = nil
}

/// One object of the retain graph with its outgoing references.
struct HeapNode {
    let address: UInt
    /// The name shown for the node (a type name, or what a closure is).
    let name: String
    let references: [HeapReference]
}
