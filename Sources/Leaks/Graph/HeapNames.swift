import Probes
import RxCore

/// Names for heap objects and helpers to read what reflection leaves raw.
enum HeapNames {
    /// `Module.Outer.Type<Swift.Int>` becomes `Outer.Type`: the module prefix
    /// and generic arguments are noise in a cycle path.
    static func shortTypeName(_ name: String) -> String {
        // A private type reads `(Presenter in _6A1B…)`.
        let name = withoutPrivateDiscriminators(name)
        // A local type reads `P #1 in Module.f() -> ()`: its own name comes first.
        if let local = name.range(of: " #") { return shortTypeName(String(name[..<local.lowerBound])) }
        let base = name.prefix { $0 != "<" }
        let parts = base.split(separator: ".")
        return parts.count > 1 ? parts.dropFirst().joined(separator: ".") : String(base)
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

    /// Whether a full type name belongs to RxCore, whose fields are shown as
    /// `Type.field` (a sink's closure, a bag's contents) rather than bare.
    static func isRxCoreType(_ name: String) -> Bool {
        name.hasPrefix("RxCore.")
    }

    /// The object a `weak` reference stored at `address` refers to: the
    /// reference holds the object's side-table entry, whose first word is the object.
    static func weakTarget(at address: UInt) -> UInt? {
        guard let entry = Memory.readWord(address), entry != 0,
              let object = Memory.readWord(entry & ~0x7), object != 0 else { return nil }
        return object
    }

    /// `subscription #3 (PublishSubject<Int> → map → subscribe, Presenter.swift:41)`
    /// for an RxCore subscription handle, from its registry number.
    static func subscription(handle layout: InstanceLayout) -> String? {
        guard let idField = layout.fields.first(where: { $0.name == "id" }),
              let id = Memory.readWord(layout.address &+ UInt(idField.offset)), id != 0 else { return nil }
        guard let record = SubscriptionRegistry.live.first(where: { $0.id == UInt64(id) }) else {
            return "subscription #\(id)"
        }
        return "subscription #\(id) (\(record.chain), \(record.site))"
    }

    /// The class instances held in a dictionary or set stored property, read
    /// with `Mirror` (reflection does not decode hashed storage). Each is a
    /// strong reference labelled with its key.
    static func hashedCollectionElements(ofObjectAt address: UInt, field: String, label: String) -> [HeapReference] {
        guard let pointer = UnsafeRawPointer(bitPattern: address),
              ReflectionProbe.shared.layout(ofInstanceAt: address)?.kind == .classInstance else { return [] }
        let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        guard let collection = Mirror(reflecting: object).descendant(field) else { return [] }
        return Mirror(reflecting: collection).children.enumerated().flatMap { index, entry -> [HeapReference] in
            let pair = Mirror(reflecting: entry.value).children.map(\.value)
            let (key, value) = pair.count == 2 ? ("\(pair[0])", pair[1]) : ("\(index)", entry.value)
            guard type(of: value) is AnyClass else { return [] }
            let target = UInt(bitPattern: Unmanaged.passUnretained(value as AnyObject).toOpaque())
            return [HeapReference(target: target, label: "\(label)[\(key)]", kind: .strong, isVerified: true)]
        }
    }

    /// RxCore keeps, beside each user closure, the `site: CallSite` where it
    /// was handed over. When `fields` have one, it is given to the closures
    /// collected from them that have no site yet: this names closures handed
    /// over before the check began, which the check's own record lacks.
    static func attachRecordedSite(in fields: [FieldLayout], base: UInt, to references: inout ArraySlice<HeapReference>) {
        guard references.contains(where: { $0.function != nil && $0.site == nil }),
              let field = fields.first(where: { $0.name == "site" && $0.typeName == "RxCore.CallSite" }),
              let site = callSite(at: base &+ UInt(field.offset)) else { return }
        for index in references.indices where references[index].function != nil && references[index].site == nil {
            references[index].site = site
        }
    }

    /// `File.swift:42` from a `CallSite` in memory: a `StaticString` file ID
    /// (start, byte count, flags), a `StaticString` function, then the line.
    static func callSite(at address: UInt) -> String? {
        guard let words = Memory.readWords(address, count: 7), words[2] & 1 == 0,
              words[1] > 0, words[1] < 512,
              let bytes = Memory.read(words[0], count: Int(words[1])) else { return nil }
        let file = String(decoding: bytes, as: UTF8.self)
        return "\(file.split(separator: "/").last.map(String.init) ?? file):\(words[6])"
    }
}
