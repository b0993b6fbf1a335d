import Probes
import Synchronization

/// Names for heap objects and helpers to read what reflection leaves raw.
enum HeapNames {
    /// `Module.Outer.Type<Swift.Int>` becomes `Outer.Type`, and
    /// `Module.Subject<Swift.Int>.Conduit<…>` becomes `Subject.Conduit`: the
    /// module prefix and generic arguments are noise in a cycle path, the
    /// names of the types a type is nested in are not.
    static func shortTypeName(_ name: String) -> String {
        if let known = shortNames.withLock({ $0[name] }) { return known }
        let short = shortened(name)
        shortNames.withLock { $0[name] = short }
        return short
    }

    /// Every name shortened so far: a graph walk names each object, and its
    /// objects are of a few types (a process meets a bounded set of types).
    private static let shortNames = Mutex<[String: String]>([:])

    private static func shortened(_ name: String) -> String {
        // A private type reads `(Presenter in _6A1B…)`.
        let name = withoutPrivateDiscriminators(name)
        // A local type reads `P #1 in Module.f() -> ()`: its own name comes first.
        if let local = name.range(of: " #") { return shortened(String(name[..<local.lowerBound])) }
        var base = "", depth = 0
        for character in name {
            if character == "<" { depth += 1 }
            if depth == 0 { base.append(character) }
            if character == ">", depth > 0 { depth -= 1 }
        }
        let parts = base.split(separator: ".")
        return parts.count > 1 ? parts.dropFirst().joined(separator: ".") : String(base)
    }

    static let arrayStoragePrefix = "Swift._ContiguousArrayStorage<"
    static let dictionaryStoragePrefix = "Swift._DictionaryStorage<"
    static let setStoragePrefix = "Swift._SetStorage<"

    /// A collection's storage as the collection reads in the source (`[Entry]`, `[String: Response]`,
    /// `Set<Tag>`); any other type by ``shortTypeName(_:)``.
    static func collectionName(_ typeName: String) -> String {
        let arguments = { (prefix: String) -> [String] in
            var parts: [String] = [], depth = 0, current = ""
            for character in typeName.dropFirst(prefix.count).dropLast() {
                if character == "<" { depth += 1 }
                if character == ">" { depth -= 1 }
                if character == ",", depth == 0 {
                    parts.append(shortTypeName(String(current.drop { $0 == " " })))
                    current = ""
                } else {
                    current.append(character)
                }
            }
            return parts + [shortTypeName(String(current.drop { $0 == " " }))]
        }
        if typeName.hasPrefix(arrayStoragePrefix) {
            return "[\(arguments(arrayStoragePrefix).joined(separator: ", "))]"
        }
        if typeName.hasPrefix(dictionaryStoragePrefix) {
            return "[\(arguments(dictionaryStoragePrefix).joined(separator: ": "))]"
        }
        if typeName.hasPrefix(setStoragePrefix) { return "Set<\(arguments(setStoragePrefix).joined(separator: ", "))>" }
        return shortTypeName(typeName)
    }

    /// `Module.(Presenter in _6A1B2C…).f()` becomes `Module.Presenter.f()`.
    /// The regular expression is compiled on every use: names without a
    /// discriminator (nearly all) skip it, or a graph walk spends most of its
    /// time here (85 % of a 2,000-object walk under callgrind).
    static func withoutPrivateDiscriminators(_ name: String) -> String {
        guard name.contains(" in _") else { return name }
        return name.replacing(#/\(([^()\s]+) in _[0-9A-F]+\)/#) { String($0.output.1) }
    }

    /// Whether a type belongs to the standard library (array and dictionary
    /// storage, boxes): never what a user means by a leaked object.
    static func isStandardLibraryType(_ name: String) -> Bool {
        name.hasPrefix("Swift.") || name.hasPrefix("_")
    }

    /// The object a `weak` reference stored at `address` refers to: the
    /// reference holds the object's side-table entry, whose first word is the object.
    static func weakTarget(at address: UInt) -> UInt? {
        guard let entry = Memory.readWord(address), entry != 0,
            let object = Memory.readWord(entry & ~0x7), object != 0
        else { return nil }
        return object
    }

    /// A dictionary key as the user wrote it (`main`, `42`) when it is a
    /// `String` or an `Int`; nil for other types, which are shown by bucket.
    static func keyDescription(at address: UInt, type: String?) -> String? {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        switch type {
        // The storage is alive while the graph is read: the copy is retained and released normally.
        case "Swift.String": return pointer.load(as: String.self)
        case "Swift.Int": return String(pointer.load(as: Int.self))
        default: return nil
        }
    }

    /// A library may keep, beside each user closure, a `site` field recording
    /// where it was handed over (RxCore's `CallSite`), or a reference to an
    /// object with one (an RxCore observer's subscription). When `fields`
    /// have either, the site is given to the closures collected from them
    /// that have no site yet: this names closures handed over before the
    /// check began, which the check's own record lacks. `fieldsOfObject`
    /// reads the fields of a referenced object; nil when references are not
    /// to be followed (the fields are a user object's).
    static func attachRecordedSite(
        in fields: [FieldLayout], base: UInt, to references: inout ArraySlice<HeapReference>,
        vocabulary: LibraryVocabulary, fieldsOfObject: ((UInt) -> [FieldLayout]?)?
    ) {
        guard references.contains(where: { $0.function != nil && $0.site == nil }) else { return }
        var site = recordedSite(in: fields, base: base, vocabulary: vocabulary)
        for reference in references where site == nil && reference.kind == .strong && reference.function == nil {
            site = fieldsOfObject?(reference.target).flatMap {
                recordedSite(in: $0, base: reference.target, vocabulary: vocabulary)
            }
        }
        guard let site else { return }
        for index in references.indices where references[index].function != nil && references[index].site == nil {
            references[index].site = site
        }
    }

    /// The site in `fields`' `site` field, if they have one of a type a library reads.
    private static func recordedSite(in fields: [FieldLayout], base: UInt, vocabulary: LibraryVocabulary) -> String? {
        guard let field = fields.first(where: { $0.name == "site" }), let type = field.typeName else { return nil }
        return vocabulary.first {
            $0.closureSiteTypeName == type ? $0.closureSite(at: base &+ UInt(field.offset)) : nil
        }
    }
}
