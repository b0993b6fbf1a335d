import Probes

/// Where the references of a class's instances are, compiled once per class
/// from its field layout: what ``HeapInspector``'s field walk would collect
/// from any instance, as a list of words to read. A walk over a million
/// objects of a few classes then reads each object's words, where walking
/// its field layouts cost more than the read (copies of nested layouts, the
/// probe's lock, two table probes per object).
///
/// Only classes whose references can be found without reflecting on the
/// instance get a plan: no existential holding a value, no enum but an
/// optional reference, no closure (the site recorded beside a closure is
/// looked up per object).
struct FieldPlan {
    enum Access {
        case strong, unowned, unmanaged, weak
        /// An optional strong reference: null is `nil`; a word below the
        /// least pointer is some other case, left to reflection.
        case optionalStrong
    }

    struct Entry {
        let offset: Int
        let access: Access
        /// The fields the reference is in, as the field walk reads them (``HeapReference``'s path).
        let path: String
    }

    /// The instance size, header included.
    let size: Int
    let entries: [Entry]

    /// The plan for instances laid out as `fields`; nil when an instance needs reflection to read.
    init?(fields: [FieldLayout], size: Int) {
        var entries: [Entry] = []
        for field in fields {
            guard Self.compile(field, path: field.name ?? "", into: &entries) else {
                return nil
            }
        }
        self.size = size
        self.entries = entries
    }

    /// Mirrors ``HeapInspector``'s `collect(_:base:path:in:owner:words:into:)`
    /// case by case; false for a field it cannot plan.
    private static func compile(_ field: FieldLayout, path: String, into entries: inout [Entry]) -> Bool {
        switch field.kind {
        case .strong, .classExistential, .errorExistential:
            entries.append(Entry(offset: field.offset, access: .strong, path: path))
        case .unowned:
            entries.append(Entry(offset: field.offset, access: .unowned, path: path))
        case .unmanaged:
            entries.append(Entry(offset: field.offset, access: .unmanaged, path: path))
        case .weak:
            entries.append(Entry(offset: field.offset, access: .weak, path: path))
        case .structure where field.typeName?.hasPrefix("Swift._BridgeStorage<") == true:
            entries.append(Entry(offset: field.offset, access: .strong, path: path))
        case .structure, .tuple:
            for child in field.children {
                guard compile(child, path: child.name.map { Self.path(path, $0) } ?? path, into: &entries) else {
                    return false
                }
            }
        case .enumeration:
            // The optional-reference test of ``ReflectionProbe/optionalReferenceCase(of:firstWord:)``,
            // with a strong payload: its `none` case holds nothing.
            var none: [Entry] = []
            guard ReflectionProbe.optionalReferenceCase(of: field, firstWord: ReflectionProbe.leastValidPointer) == 0,
                field.children[0].kind == .strong,
                compile(field.children[1], path: path, into: &none), none.isEmpty
            else { return false }
            entries.append(Entry(offset: field.offset, access: .optionalStrong, path: path))
        case .other:
            break
        case .thickFunction, .opaqueExistential:
            return false
        }
        return true
    }

    /// The path of field `child` of the value at `path` (empty: an unnamed capture's value).
    static func path(_ path: String, _ child: String) -> String {
        path.isEmpty ? child : path + "." + child
    }

    /// Appends the references of the instance at `address` whose words are
    /// `words` to `references`, in the field walk's order; false when one
    /// needs reflection after all (then what it appended is to be dropped).
    func collect(at address: UInt, words: ObjectWords, into references: inout [HeapReference]) -> Bool {
        for entry in entries {
            let place = address &+ UInt(entry.offset)
            switch entry.access {
            case .strong, .unowned, .unmanaged:
                guard let target = words.word(at: place), target != 0 else { continue }
                let kind: ReferenceKind =
                    entry.access == .strong ? .strong : entry.access == .unowned ? .unowned : .unownedUnsafe
                references.append(HeapReference(target: target, path: entry.path, kind: kind, isVerified: true))
            case .weak:
                guard let target = HeapNames.weakTarget(at: place) else { continue }
                references.append(HeapReference(target: target, path: entry.path, kind: .weak, isVerified: true))
            case .optionalStrong:
                guard let word = words.word(at: place), word == 0 || word >= ReflectionProbe.leastValidPointer else {
                    return false
                }
                if word != 0 {
                    references.append(HeapReference(target: word, path: entry.path, kind: .strong, isVerified: true))
                }
            }
        }
        return true
    }
}
