/// What RemoteMirror (plus a walk of the class chain) knows about one heap
/// object: its kind and where its references are.
package struct InstanceLayout: Hashable, Sendable {
    /// The heap object's kind, from its metadata's kind word.
    package enum Kind: Hashable, Sendable {
        /// An instance of a Swift class (kind word 0 on Linux).
        case classInstance
        /// A closure context, or a box the compiler laid out itself (for a
        /// captured `var`): the runtime gives both kind 0x400.
        case closureContext
        /// A box allocated by the runtime for a captured `var` (kind 0x500).
        case genericBox
        /// Any other metadata kind (the raw kind word).
        case other(UInt)
    }

    /// The object's address.
    package let address: UInt
    /// The object's metadata (its first word).
    package let metadata: UInt
    /// What kind of heap object it is.
    package let kind: Kind
    /// The demangled type name (see ``ReflectionProbe/typeName(ofObjectAt:)``).
    package let typeName: String?
    /// The instance size RemoteMirror computed, header included.
    package let size: Int
    /// The stored properties of every class in the chain (superclass fields
    /// first) or the captures of a context, with offsets from `address`.
    package let fields: [FieldLayout]
    /// The object's first words (header included), as read with its header:
    /// all of a small object, so a reader of its fields need not read it again.
    /// Up to ``ReflectionProbe/leadingWordCount``; fewer where memory ends sooner.
    package var leadingWords: [UInt] = []
}

/// One stored property, capture, or part of one, with its offset from the
/// start of the heap object that holds it.
package struct FieldLayout: Hashable, Sendable {
    /// How the field holds what it points at.
    package enum Kind: Hashable, Sendable {
        /// A strong reference: one word, the object's address.
        case strong
        /// `weak`: one word holding the object's side-table address, not the object.
        case weak
        /// `unowned`: one word, the object's address; keeps the memory, not the object.
        case unowned
        /// `unowned(unsafe)` or `Unmanaged`: one word, no reference count.
        case unmanaged
        /// A Swift closure: the function pointer, then the (strong) context
        /// at offset + 8, also listed in `children`.
        case thickFunction
        /// `Any` or a protocol type: a three-word buffer, then the value's
        /// metadata at offset + 24; see ``ReflectionProbe/existentialValue(at:of:)``.
        case opaqueExistential
        /// A class-bound existential (`AnyObject`, a class protocol): a strong
        /// reference at offset 0, then witness tables.
        case classExistential
        /// `any Error`: a strong reference to a boxed error.
        case errorExistential
        /// A struct; its stored properties are the children.
        case structure
        /// A tuple; its elements are the children.
        case tuple
        /// An enum; its cases are the children, all at the enum's offset
        /// (payload-less cases have kind `other`). See ``ReflectionProbe/activeCase(at:of:)``.
        case enumeration
        /// Plain data (integers, raw pointers, metatypes) or something
        /// RemoteMirror could not lay out.
        case other
    }

    /// The property's name; captures and tuple elements have none.
    package let name: String?
    /// Byte offset from the start of the heap object.
    package let offset: Int
    /// How the field holds its value.
    package let kind: Kind
    /// The demangled type (for `weak` and `unowned`, without the ownership keyword).
    package let typeName: String?
    /// Nested parts of structs, tuples, enums, closures and existentials.
    package let children: [FieldLayout]
    /// RemoteMirror's type reference, valid while the reflection context of
    /// `generation` lives.
    let typeRef: UInt
    /// The reflection context `typeRef` belongs to (see ``ReflectionProbe``'s recycling).
    let generation: Int

    /// Whether the field holds a reference to a heap object in its first word.
    package var isReference: Bool {
        switch kind {
        case .strong, .weak, .unowned, .unmanaged, .classExistential, .errorExistential: true
        default: false
        }
    }

    /// This field and every nested child, depth first.
    package var flattened: [FieldLayout] {
        [self] + children.flatMap(\.flattened)
    }
}

/// The contents of a Swift array's heap storage (`_ContiguousArrayStorage`).
///
/// RemoteMirror lays out the storage object's header but not its elements:
/// the count is at +16 and the elements start at +32. Arrays of class
/// instances share `_ContiguousArrayStorage<AnyObject>`, so their `element`
/// is a class existential whose strong `object` sits at offset 0. Dictionary and Set
/// storage hash their entries into buckets: see ``HashedStorage``.
package struct ArrayStorage: Hashable, Sendable {
    /// The storage object's address.
    package let address: UInt
    /// How many elements are stored.
    package let count: Int
    /// The address of the first element.
    package let elementsAddress: UInt
    /// The distance between consecutive elements.
    package let stride: Int
    /// The element type's layout, with offsets from the start of an element.
    package let element: FieldLayout
}

/// The occupied buckets of a Dictionary's or Set's storage object (the
/// target of the collection's storage reference).
///
/// RemoteMirror lays out the header (count, capacity, scale, seed, and the
/// keys' and values' addresses) but not the buckets: the bucket count is
/// `1 << scale`, a bitmap of occupied buckets follows the header, keys (a
/// Set's elements) and values are arrays of that many slots.
package struct HashedStorage: Hashable, Sendable {
    /// One occupied bucket.
    package struct Entry: Hashable, Sendable {
        /// The key's (element's) address.
        package let key: UInt
        /// The value's address; nil for a Set.
        package let value: UInt?
    }

    /// The storage object's address.
    package let address: UInt
    /// The key (element) type's layout, offsets from the start of a key.
    package let key: FieldLayout
    /// The value type's layout; nil for a Set.
    package let value: FieldLayout?
    /// The occupied buckets.
    package let entries: [Entry]
}

/// The value an existential field currently holds.
package struct ExistentialValue: Hashable, Sendable {
    /// The dynamic type's name.
    package let typeName: String?
    /// Where the value lives: inside the existential's buffer, or in the heap
    /// box it points at when the value is too large for three words.
    package let valueAddress: UInt
    /// The value's layout, offsets from `valueAddress` (a class instance is
    /// one `strong` reference at 0).
    package let value: FieldLayout
}

/// A word of a heap object that points at what looks like a live heap object.
package struct ScannedWord: Hashable, Sendable {
    /// Byte offset of the word within the scanned object.
    package let offset: Int
    /// The object it points at.
    package let target: UInt
    /// The target's type name.
    package let typeName: String?
    /// Always false: a raw word cannot tell a strong reference from an
    /// unowned or unmanaged one, nor from an integer that happens to look
    /// like an address.
    package var isVerified: Bool { false }
}
