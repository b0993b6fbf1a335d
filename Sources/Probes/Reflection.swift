@_spi(Reflection) import Swift
import CRemoteMirror
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// In-process reflection through the toolchain's `libswiftRemoteMirror.so`:
/// the kind, type and reference-holding fields of any heap object, closure
/// contexts included, which `Mirror` cannot see.
///
/// The library is loaded on first use from the directory holding
/// `libswiftCore.so`, given a reader of this process's memory that never
/// faults (``Memory``), and the reflection sections of every loaded image.
/// It is not thread-safe, so every call goes through one lock. Reads of
/// freed or foreign addresses return nil rather than crash; freed memory that
/// is still mapped can, however, read as a plausible object.
///
/// RemoteMirror's context keeps every type info it builds, and it builds new
/// ones for each closure-context query; so that a long-lived process (a soak,
/// a long test run) stays flat, the probe replaces the context with a fresh
/// one after ``Reflector/recycleAfter`` queries that grew it. Field layouts from before
/// then still describe offsets and kinds, but their existential and enum
/// projections return nil.
package final class ReflectionProbe: Sendable {
    /// The process-wide probe, created on first use.
    package static let shared = ReflectionProbe()

    private let reflector: Mutex<Reflector?>
    /// Why the probe is unavailable, or nil when it works.
    package let unavailableReason: String?

    private init() {
        var message = [CChar](repeating: 0, count: 1024)
        if let api = crm_open(&message, message.count) {
            reflector = Mutex(Reflector(api: api))
            unavailableReason = nil
        } else {
            reflector = Mutex(nil)
            unavailableReason = String(
                decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Whether RemoteMirror could be loaded; when false every query returns
    /// nil and ``unavailableReason`` says why.
    package var isAvailable: Bool { unavailableReason == nil }

    /// The kind, type and fields of the heap object at `address`, superclass
    /// fields included; nil when `address` does not hold a Swift heap object
    /// RemoteMirror can describe.
    package func layout(ofInstanceAt address: UInt) -> InstanceLayout? {
        withReflector { $0.layout(ofInstanceAt: address) }
    }

    /// ``layout(ofInstanceAt:)`` for an object whose first words the caller
    /// read already (with ``Memory/readWords(at:count:)``, many objects at
    /// once): they are the header it checks, and the layout's ``InstanceLayout/leadingWords``.
    package func layout(ofInstanceAt address: UInt, leadingWords: [UInt]) -> InstanceLayout? {
        withReflector { $0.layout(ofInstanceAt: address, read: leadingWords) }
    }

    /// The demangled type name of the heap object at `address`: the class
    /// name for an instance, `closure context` for a context (or fixed-layout
    /// box), `box of T` for a generic box; nil when `address` does not hold
    /// a Swift heap object.
    package func typeName(ofObjectAt address: UInt) -> String? {
        withReflector { $0.typeName(ofObjectAt: address) }
    }

    /// The elements of the Swift array storage object at `address` (the
    /// target of an array's `_storage` reference); nil for anything else.
    package func arrayStorage(ofObjectAt address: UInt) -> ArrayStorage? {
        withReflector { $0.arrayStorage(ofObjectAt: address) }
    }

    /// The occupied buckets of the Swift Dictionary or Set storage object at
    /// `address`; nil for anything else.
    package func hashedStorage(ofObjectAt address: UInt) -> HashedStorage? {
        withReflector { $0.hashedStorage(ofObjectAt: address) }
    }

    /// The dynamic value held by an existential `field` of the object at
    /// `objectAddress`; nil when the field is not an existential or is empty.
    package func existentialValue(at objectAddress: UInt, of field: FieldLayout) -> ExistentialValue? {
        withReflector { $0.existentialValue(at: objectAddress &+ UInt(field.offset), of: field) }
    }

    /// The index into `field.children` of the case an enum `field` of the
    /// object at `objectAddress` holds now; nil when `field` is not an enum.
    package func activeCase(at objectAddress: UInt, of field: FieldLayout) -> Int? {
        let address = objectAddress &+ UInt(field.offset)
        if let word = Memory.readWord(address), let index = Self.optionalReferenceCase(of: field, firstWord: word) {
            return index
        }
        return withReflector { $0.activeCase(at: address, of: field) }
    }

    /// The case of an optional strong reference or closure (`Node?`,
    /// `(() -> Void)?`) read from its first word, without RemoteMirror, whose
    /// enum projection costs a dozen reads: such optionals are most of the
    /// enum fields a graph walk meets. The payload case comes first; `nil`
    /// is the null word. Nil for any other enum, or a word this cannot tell.
    ///
    /// - Parameter firstWord: the first word of the enum's value, read by the caller.
    package static func optionalReferenceCase(of field: FieldLayout, firstWord: UInt) -> Int? {
        // The children's properties are read in place: a copy of a child
        // (names, type, children) costs more than the whole test, per field of every object.
        guard field.kind == .enumeration, field.children.count == 2, field.children[0].offset == field.offset,
            field.children[0].kind == .strong || field.children[0].kind == .thickFunction,
            field.children[1].typeRef == 0, field.children[1].children.isEmpty
        else { return nil }
        switch firstWord {
        case 0: return 1
        case ..<Self.leastValidPointer: return nil
        default: return 0
        }
    }

    /// The words read with an object's header (64 bytes): all of most
    /// objects a graph walk meets, in the one read that checks the address.
    package static let leadingWordCount = 8

    /// Below it, a pointer-sized value is an enum's extra inhabitant, not an address (Linux x86_64).
    package static let leastValidPointer: UInt = 4096

    /// The words of the `size`-byte object at `address` (header excluded)
    /// that point at live Swift heap objects. A fallback for when
    /// ``layout(ofInstanceAt:)`` fails: it cannot tell strong references from
    /// unowned ones, so every hit is unverified. Pass the size the metadata
    /// gives rather than `malloc_usable_size`, whose slack bytes give false hits.
    package func wordScan(ofObjectAt address: UInt, size: Int) -> [ScannedWord] {
        withReflector { $0.wordScan(ofObjectAt: address, size: size) } ?? []
    }

    /// The instance size recorded in the class metadata of the object at
    /// `address`, or RemoteMirror's size for a context or box.
    package func instanceSize(ofObjectAt address: UInt) -> Int? {
        withReflector { $0.instanceSize(ofObjectAt: address) }
    }

    private func withReflector<R>(_ body: (Reflector) -> R?) -> R? {
        reflector.withLock { reflector in
            crm_reader_reset()
            defer { reflector?.recycleIfGrown() }
            return reflector.flatMap(body)
        }
    }
}

/// The metadata kind words of the Swift runtime on Linux (no Objective-C interop); no header declares them.
private enum MetadataKind {
    static let `class`: UInt = 0
    static let heapLocalVariable: UInt = 0x400
    static let heapGenericLocalVariable: UInt = 0x500
}

/// Everything behind ReflectionProbe's lock.
private final class Reflector {
    let api: UnsafePointer<crm_api>
    var context: UnsafeMutableRawPointer? { api.pointee.context }
    var classFields: [UInt: (size: Int, fields: [FieldLayout])] = [:]
    var typeNames: [UInt: String] = [:]
    /// Class metadata already checked, with what an instance's layout takes
    /// from it: an object whose first word is one of these needs none of
    /// the four reads that check its metadata (class metadata is never
    /// freed, so a pointer that was metadata stays metadata).
    var classInstances: [UInt: (size: Int, fields: [FieldLayout], typeName: String?)] = [:]
    /// Queries that grew the context since it was made: a closure context
    /// counts once per field (each builds a type info), a new class layout
    /// or box once. Queries about types already met (a class layout from
    /// ``classFields``, an enum's case, an array's elements) reuse what the
    /// context built and are not counted: a walk of a million objects of a
    /// few types would otherwise recycle, and rebuild, every few thousand.
    private var queries = 0
    /// How many contexts came before this one.
    private(set) var generation = 0
    /// Queries after which the context is replaced: a few megabytes of type infos.
    static let recycleAfter = 20_000

    /// Replaces the context once it served ``recycleAfter`` queries, with the
    /// caches that hold its type references.
    func recycleIfGrown() {
        guard queries >= Self.recycleAfter, crm_recycle(api) != 0 else { return }
        queries = 0
        generation += 1
        classFields.removeAll()
        typeNames.removeAll()
        classInstances.removeAll()
    }

    init(api: UnsafePointer<crm_api>) {
        self.api = api
    }

    // MARK: Validating addresses

    struct Header {
        let metadata: UInt
        let kindWord: UInt
        /// The first words of the object, metadata and reference counts first.
        let words: [UInt]
        var kind: InstanceLayout.Kind {
            switch kindWord {
            case MetadataKind.class: .classInstance
            case MetadataKind.heapLocalVariable: .closureContext
            case MetadataKind.heapGenericLocalVariable: .genericBox
            default: .other(kindWord)
            }
        }
    }

    /// The metadata of what looks like a Swift heap object at `address`.
    func header(ofObjectAt address: UInt, read: [UInt]? = nil) -> Header? {
        guard address >= 0x1000, address % 8 == 0,
            let words = read.flatMap({ $0.count >= 2 ? $0 : nil })
                ?? Memory.readWords(address, count: ReflectionProbe.leadingWordCount)
                ?? Memory.readWords(address, count: 2),
            words[0] >= 0x1000, words[0] % 8 == 0,
            let kindWord = Memory.readWord(words[0])
        else { return nil }
        let header = Header(metadata: words[0], kindWord: kindWord, words: words)
        switch kindWord {
        case MetadataKind.class:
            // The nominal type descriptor (metadata + 40 without Objective-C
            // interop) must say "class" and, like every descriptor, lie in a
            // loaded Swift image: a stale word that passes the first test by
            // chance fails the second. It matters, because the runtime's field
            // reflection (``fieldwiseClassLayout(metadata:)``) reads metadata
            // directly, with no safe reader to catch a bad pointer.
            guard let descriptor = Memory.readWord(words[0] &+ 40), crm_in_image(descriptor, 4) != 0,
                let flags = Memory.read(descriptor, count: 1), flags[0] & 0x1F == 16
            else { return nil }
            return header
        case MetadataKind.heapLocalVariable, MetadataKind.heapGenericLocalVariable:
            return header
        default:
            return nil
        }
    }

    // MARK: Layouts

    func layout(ofInstanceAt address: UInt, read: [UInt]? = nil) -> InstanceLayout? {
        if let read, read.count >= 2, address >= 0x1000, address % 8 == 0, let known = classInstances[read[0]] {
            var layout = InstanceLayout(
                address: address, metadata: read[0], kind: .classInstance, typeName: known.typeName,
                size: known.size, fields: known.fields)
            layout.leadingWords = read
            return layout
        }
        guard let header = header(ofObjectAt: address, read: read) else { return nil }
        var layout = describedLayout(ofInstanceAt: address, header: header)
        layout?.leadingWords = header.words
        if let layout, layout.kind == .classInstance {
            classInstances[layout.metadata] = (layout.size, layout.fields, layout.typeName)
        }
        return layout
    }

    private func describedLayout(ofInstanceAt address: UInt, header: Header) -> InstanceLayout? {
        switch header.kind {
        case .classInstance:
            guard let (size, fields) = classLayout(metadata: header.metadata) else { return nil }
            return InstanceLayout(
                address: address, metadata: header.metadata, kind: .classInstance,
                typeName: className(metadata: header.metadata), size: size, fields: fields)
        case .genericBox:
            guard let (size, field) = genericBoxField(metadata: header.metadata) else { return nil }
            return InstanceLayout(
                address: address, metadata: header.metadata, kind: .genericBox,
                typeName: field.typeName.map { "box of \($0)" }, size: size, fields: [field])
        default:
            var info = api.pointee.infoForInstance(context, address)
            if info.Kind != CRM_CLOSURE_CONTEXT, crm_add_new_images(api) > 0 {
                info = api.pointee.infoForInstance(context, address)
            }
            guard info.Kind == CRM_CLOSURE_CONTEXT else { return nil }
            queries += Int(info.NumFields)
            let fields = (0..<info.NumFields).map { index in
                field(api.pointee.childOfInstance(context, address, index), base: 0, depth: 0)
            }
            return InstanceLayout(
                address: address, metadata: header.metadata, kind: header.kind,
                typeName: "closure context", size: Int(info.Size), fields: fields)
        }
    }

    /// The fields of every class from the root down to the one whose
    /// metadata is given: RemoteMirror lays out one class at a time.
    func classLayout(metadata: UInt) -> (size: Int, fields: [FieldLayout])? {
        if let cached = classFields[metadata] { return cached }
        queries += 1
        // RemoteMirror reads an instance only for its metadata pointer, so a
        // two-word stand-in describes any class of the chain.
        var standIn: (UInt, UInt) = (metadata, 0)
        let info = withUnsafeMutablePointer(to: &standIn) { pointer -> (crm_typeinfo, [crm_childinfo]) in
            let address = UInt(bitPattern: pointer)
            // The stand-in reuses stack the reader may have cached for another class.
            crm_reader_reset()
            let info = api.pointee.infoForInstance(context, address)
            return (info, (0..<info.NumFields).map { api.pointee.childOfInstance(context, address, $0) })
        }
        guard info.0.Kind == CRM_CLASS_INSTANCE else {
            let layout = fieldwiseClassLayout(metadata: metadata)
            classFields[metadata] = layout
            return layout
        }
        var fields: [FieldLayout] = []
        if let superclass = Memory.readWord(metadata &+ 8), superclass != 0,
            let kind = Memory.readWord(superclass), kind == MetadataKind.class,
            let inherited = classLayout(metadata: superclass)
        {
            fields = inherited.fields
        }
        let own = info.1.map { field($0, base: 0, depth: 0) }
        // RemoteMirror places a subclass's fields after the superclass size it
        // computed itself; when the superclass is one it could not lay out,
        // that start is wrong. The runtime's offsets are the truth.
        let runtimeOffsets = Self.runtimeFieldOffsets(metadata: metadata)
        let misplaced = own.contains { field in
            guard let name = field.name, let runtimeOffset = runtimeOffsets[name] else { return false }
            return runtimeOffset != field.offset
        }
        if misplaced {
            let layout = fieldwiseClassLayout(metadata: metadata)
            classFields[metadata] = layout
            return layout
        }
        // RemoteMirror reports an `unowned` or `weak` existential as a plain
        // class existential; the field record's mangled type says otherwise.
        let ownership = fieldOwnership(metadata: metadata)
        fields += own.map { field in
            guard let name = field.name, let owned = ownership[name],
                [.classExistential, .strong].contains(field.kind)
            else { return field }
            return FieldLayout(
                name: field.name, offset: field.offset, kind: FieldLayout.Kind(owned),
                typeName: field.typeName, children: field.children, typeRef: field.typeRef,
                generation: field.generation)
        }
        let layout = (Int(info.0.Size), fields)
        classFields[metadata] = layout
        return layout
    }

    /// The layout of a class RemoteMirror cannot lay out as a whole, because
    /// one stored property has a type it knows no layout for (`Atomic`,
    /// `Mutex`, a non-copyable struct): each property is laid out on its own.
    /// The runtime's field reflection gives names, offsets and types for the
    /// whole class chain; RemoteMirror lays out each type it can (the others
    /// become `other`); weak and unowned come from the field records' mangled
    /// types, since the property's type alone does not carry them.
    func fieldwiseClassLayout(metadata: UInt) -> (size: Int, fields: [FieldLayout])? {
        // The runtime reads the metadata with no safe reader: RemoteMirror,
        // which reads through one, must first make a type of it. A stale word
        // that passed the header test by chance (a soak of the whole
        // catalogue met two in a few minutes) rarely decodes as a type name.
        // RemoteMirror makes no type of a class nested in an extension of
        // another module's generic type (OpenCombine's `Optional.OCombine.Inner`):
        // its metadata's own words must then hold together instead.
        guard typeRef(forMetadata: metadata) != 0 || Self.isConsistentClassMetadata(metadata),
            let sizeWord = Memory.readWord(metadata &+ 24)
        else { return nil }
        let ownership = fieldOwnership(metadata: metadata)
        let type = unsafeBitCast(metadata, to: Any.Type.self)
        var fields: [FieldLayout] = []
        let complete = _forEachField(of: type, options: .classType) { name, offset, fieldType, metadataKind in
            // The runtime may have made `fieldType`'s metadata just now (the
            // first `any P` of the process), on a heap page the reader copied
            // earlier in this query: read from the copy, the metadata is zeros,
            // and RemoteMirror remembers that address as no type for good.
            crm_reader_reset()
            let typeRef = typeRef(forMetadata: unsafeBitCast(fieldType, to: UInt.self))
            var kind = typeRef == 0 ? CRM_UNKNOWN : api.pointee.infoForTypeRef(context, typeRef).Kind
            if kind == CRM_UNKNOWN {
                // Function and class types RemoteMirror has no entry for still
                // have a fixed representation.
                switch metadataKind {
                case .function: kind = CRM_THICK_FUNCTION
                case .class: kind = CRM_STRONG_REFERENCE
                default: break
                }
            }
            if let owned = ownership[String(cString: name)] { kind = owned }
            fields.append(
                field(crm_childinfo(Name: name, Offset: UInt32(offset), Kind: kind, TR: typeRef), base: 0, depth: 0))
            return true
        }
        guard complete else { return nil }
        return (Int(UInt32(truncatingIfNeeded: sizeWord)), fields)
    }

    /// Whether the words of class metadata RemoteMirror cannot read hold
    /// together as the runtime lays them out without Objective-C interop: an
    /// instance size and alignment a heap object can have, the class's address
    /// point after its two or three header words, and a superclass that is class
    /// metadata too. A stale word that passed ``header(ofObjectAt:read:)`` by
    /// chance does not; metadata is never freed, so a real one always does.
    static func isConsistentClassMetadata(_ metadata: UInt) -> Bool {
        guard let words = Memory.readWords(metadata &+ 8, count: 4) else { return false }
        let instanceSize = UInt32(truncatingIfNeeded: words[2])
        let alignMask = UInt16(truncatingIfNeeded: words[2] >> 32)
        let classSize = UInt32(truncatingIfNeeded: words[3])
        let classAddressPoint = UInt32(truncatingIfNeeded: words[3] >> 32)
        let superclass = words[0]
        return (16...(1 << 24)).contains(instanceSize) && alignMask < 64 && (alignMask & (alignMask &+ 1)) == 0
            && [16, 24].contains(classAddressPoint) && classSize >= 56 && classSize < (1 << 20)
            && (superclass == 0 || Memory.readWord(superclass) == MetadataKind.class)
    }

    /// The name of the class whose metadata is given: RemoteMirror's, or the
    /// runtime's for metadata it has no type for, once the metadata was laid
    /// out (the runtime reads it with no safe reader).
    func className(metadata: UInt) -> String? {
        if let name = name(ofTypeRef: typeRef(forMetadata: metadata)) { return name }
        guard classLayout(metadata: metadata) != nil else { return nil }
        return Self.readable(_typeName(unsafeBitCast(metadata, to: Any.Type.self), qualified: true))
    }

    /// Stored property name to offset for the whole class chain, from the runtime.
    static func runtimeFieldOffsets(metadata: UInt) -> [String: Int] {
        var offsets: [String: Int] = [:]
        _ = _forEachField(of: unsafeBitCast(metadata, to: Any.Type.self), options: .classType) { name, offset, _, _ in
            offsets[String(cString: name)] = offset
            return true
        }
        return offsets
    }

    /// Field name to `weak`/`unowned`/`unowned(unsafe)` for every class of
    /// the chain, read from the field descriptors of the class descriptors.
    private func fieldOwnership(metadata: UInt) -> [String: crm_layout_kind] {
        var ownership: [String: crm_layout_kind] = [:]
        var current = metadata
        while current != 0, Memory.readWord(current) == MetadataKind.class,
            let descriptor = Memory.readWord(current &+ 40), descriptor != 0
        {
            if let fieldDescriptor = Self.relative(at: descriptor &+ 16),
                let header = Memory.read(fieldDescriptor &+ 8, count: 8)
            {
                let recordSize = UInt(header[2]) | UInt(header[3]) << 8
                let count = UInt(header[4]) | UInt(header[5]) << 8 | UInt(header[6]) << 16 | UInt(header[7]) << 24
                for index in 0..<min(count, 512) {
                    let record = fieldDescriptor &+ 16 &+ index &* recordSize
                    guard let typeName = Self.relative(at: record &+ 4), let name = Self.relative(at: record &+ 8),
                        let fieldName = Self.cString(at: name)
                    else { continue }
                    switch Self.mangledSuffix(at: typeName) {
                    case "Xw": ownership[fieldName] = CRM_WEAK_REFERENCE
                    case "Xo": ownership[fieldName] = CRM_UNOWNED_REFERENCE
                    case "Xu": ownership[fieldName] = CRM_UNMANAGED_REFERENCE
                    default: break
                    }
                }
            }
            current = Memory.readWord(current &+ 8) ?? 0
        }
        return ownership
    }

    /// The target of the 32-bit relative pointer stored at `address`.
    private static func relative(at address: UInt) -> UInt? {
        guard let bytes = Memory.read(address, count: 4) else { return nil }
        let offset = Int32(
            bitPattern: UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24)
        return offset == 0 ? nil : UInt(bitPattern: Int(bitPattern: address) &+ Int(offset))
    }

    private static func cString(at address: UInt) -> String? {
        guard let bytes = Memory.read(address, count: 128), let end = bytes.firstIndex(of: 0) else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last two characters of a mangled type name, skipping its symbolic
    /// references (a control byte followed by a 4- or 8-byte reference).
    private static func mangledSuffix(at address: UInt) -> String {
        guard let bytes = Memory.read(address, count: 96) else { return "" }
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count, bytes[index] != 0 {
            switch bytes[index] {
            case 0x01...0x17: index += 5
            case 0x18...0x1F: index += 9
            default:
                text.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: text.suffix(2), as: UTF8.self)
    }

    /// A runtime-allocated box: its metadata holds the offset of the value
    /// (+8, 32 bits) and the value's type (+16).
    func genericBoxField(metadata: UInt) -> (size: Int, field: FieldLayout)? {
        guard let words = Memory.readWords(metadata &+ 8, count: 2) else { return nil }
        queries += 1
        let offset = Int(UInt32(truncatingIfNeeded: words[0]))
        let typeRef = typeRef(forMetadata: words[1])
        guard typeRef != 0, offset >= 16, offset < 4096 else { return nil }
        let info = api.pointee.infoForTypeRef(context, typeRef)
        let value = crm_childinfo(Name: nil, Offset: UInt32(offset), Kind: info.Kind, TR: typeRef)
        return (offset + Int(info.Size), field(value, base: 0, depth: 0))
    }

    func field(_ child: crm_childinfo, base: Int, depth: Int) -> FieldLayout {
        let kind = FieldLayout.Kind(child.Kind)
        let offset = base + Int(child.Offset)
        var children: [FieldLayout] = []
        if depth < 8, child.TR != 0, kind.hasParts {
            let info = api.pointee.infoForTypeRef(context, child.TR)
            children = (0..<min(info.NumFields, 256)).map { index in
                field(api.pointee.childOfTypeRef(context, child.TR, index), base: offset, depth: depth + 1)
            }
        }
        return FieldLayout(
            name: child.Name.map { String(cString: $0) }, offset: offset, kind: kind,
            typeName: child.TR == 0 ? nil : name(ofTypeRef: child.TR),
            children: children, typeRef: child.TR, generation: generation)
    }

    // MARK: Names

    func typeRef(forMetadata metadata: UInt) -> UInt {
        guard metadata != 0 else { return 0 }
        let typeRef = api.pointee.typeRefForMetadata(context, metadata)
        // A type from an image loaded after the probe opened: add it and retry.
        if typeRef == 0, crm_add_new_images(api) > 0 {
            return api.pointee.typeRefForMetadata(context, metadata)
        }
        return typeRef
    }

    func name(ofTypeRef typeRef: UInt) -> String? {
        guard typeRef != 0 else { return nil }
        if let cached = typeNames[typeRef] { return cached }
        guard let copied = api.pointee.copyDemangledNameForTypeRef(context, typeRef) else { return nil }
        defer { free(copied) }
        var name = String(cString: copied)
        for ownership in ["weak ", "unowned(unsafe) ", "unowned "] where name.hasPrefix(ownership) {
            name.removeFirst(ownership.count)
        }
        name = Self.readable(name)
        typeNames[typeRef] = name
        return name
    }

    /// A private type reads `(Owner in _0798…)`; the discriminator only adds noise, as does the runtime's
    /// `(unknown context at $…).` for a private or local context. A type an extension declares reads
    /// `(extension in App):Swift.Optional<…>.Nest`: it belongs to the extension's module (`App.Optional<…>.Nest`),
    /// not to the standard library, whose types a path folds away as storage.
    private static func readable(_ name: String) -> String {
        name.replacing(#/\((\w+) in _[0-9A-F]+\)/#) { $0.output.1 }
            .replacing(#/\(extension in (\w+)\):\w+\./#) { "\($0.output.1)." }
            .replacing(#/\(unknown context at \$[0-9a-f]+\)\./#, with: "")
    }

    func typeName(ofObjectAt address: UInt) -> String? {
        guard let header = header(ofObjectAt: address) else { return nil }
        switch header.kind {
        case .classInstance: return className(metadata: header.metadata)
        case .closureContext: return "closure context"
        default: return layout(ofInstanceAt: address)?.typeName
        }
    }

    func instanceSize(ofObjectAt address: UInt) -> Int? {
        guard let header = header(ofObjectAt: address) else { return nil }
        if header.kind == .classInstance {
            // InstanceSize, 32 bits at metadata + 24 without Objective-C interop.
            return Memory.readWord(header.metadata &+ 24).map { Int(UInt32(truncatingIfNeeded: $0)) }
        }
        return layout(ofInstanceAt: address)?.size
    }

    // MARK: Collections, existentials, enums

    func arrayStorage(ofObjectAt address: UInt) -> ArrayStorage? {
        guard let header = header(ofObjectAt: address), header.kind == .classInstance else { return nil }
        let storageType = typeRef(forMetadata: header.metadata)
        guard let name = name(ofTypeRef: storageType) else { return nil }
        let elementType: UInt
        if name.hasPrefix("Swift._ContiguousArrayStorage<"), api.pointee.genericArgumentCountOfTypeRef(storageType) == 1
        {
            elementType = api.pointee.genericArgumentOfTypeRef(storageType, 0)
        } else if name == "Swift.__EmptyArrayStorage" {
            elementType = 0
        } else {
            return nil
        }
        // countAndCapacity: the count, then the capacity shifted left by one.
        guard let words = Memory.readWords(address &+ 16, count: 2) else { return nil }
        let count = Int(bitPattern: words[0])
        guard count >= 0, count <= Int(words[1] >> 1) || elementType == 0 else { return nil }
        let info = elementType == 0 ? nil : api.pointee.infoForTypeRef(context, elementType)
        let element = field(
            crm_childinfo(Name: nil, Offset: 0, Kind: info?.Kind ?? CRM_UNKNOWN, TR: elementType),
            base: 0, depth: 0)
        return ArrayStorage(
            address: address, count: elementType == 0 ? 0 : count, elementsAddress: address &+ 32,
            stride: Int(info?.Stride ?? 0), element: element)
    }

    func hashedStorage(ofObjectAt address: UInt) -> HashedStorage? {
        guard let header = header(ofObjectAt: address), header.kind == .classInstance else { return nil }
        let storageType = typeRef(forMetadata: header.metadata)
        guard let name = name(ofTypeRef: storageType) else { return nil }
        let isDictionary = name.hasPrefix("Swift._DictionaryStorage<")
        guard isDictionary || name.hasPrefix("Swift._SetStorage<"),
            api.pointee.genericArgumentCountOfTypeRef(storageType) == (isDictionary ? 2 : 1)
        else { return nil }
        // count, capacity, scale (one byte), then after the seed the keys'
        // (elements') address, the values' address, and the bitmap.
        guard let header = Memory.readWords(address &+ 16, count: 6) else { return nil }
        let count = Int(bitPattern: header[0]), scale = Int(header[2] & 0xFF)
        guard count >= 0, scale < 48, count <= 1 << scale else { return nil }
        let bucketCount = 1 << scale
        let bitmapAddress = address &+ (isDictionary ? 64 : 56)
        guard let bitmap = Memory.readWords(bitmapAddress, count: (bucketCount + 63) / 64) else { return nil }
        let layouts = (0..<(isDictionary ? 2 : 1)).map { index -> (layout: FieldLayout, stride: Int) in
            let type = api.pointee.genericArgumentOfTypeRef(storageType, UInt32(index))
            let info = api.pointee.infoForTypeRef(context, type)
            return (
                field(crm_childinfo(Name: nil, Offset: 0, Kind: info.Kind, TR: type), base: 0, depth: 0),
                Int(info.Stride)
            )
        }
        let keys = header[4], values = header[5]
        var entries: [HashedStorage.Entry] = []
        for bucket in 0..<bucketCount where bitmap[bucket / 64] & (1 << UInt(bucket % 64)) != 0 {
            entries.append(
                HashedStorage.Entry(
                    key: keys &+ UInt(bucket * layouts[0].stride),
                    value: isDictionary ? values &+ UInt(bucket * layouts[1].stride) : nil))
        }
        guard entries.count == count else { return nil }
        return HashedStorage(
            address: address, key: layouts[0].layout, value: isDictionary ? layouts[1].layout : nil, entries: entries)
    }

    func existentialValue(at address: UInt, of field: FieldLayout) -> ExistentialValue? {
        switch field.kind {
        case .opaqueExistential, .classExistential, .errorExistential: break
        default: return nil
        }
        guard field.generation == generation else { return nil }
        var valueType: UInt = 0
        var valueAddress: UInt64 = 0
        guard api.pointee.projectExistential(context, UInt64(address), field.typeRef, &valueType, &valueAddress) != 0,
            valueType != 0
        else { return classInstance(inExistentialAt: address, of: field) }
        let info = api.pointee.infoForTypeRef(context, valueType)
        let value = self.field(crm_childinfo(Name: nil, Offset: 0, Kind: info.Kind, TR: valueType), base: 0, depth: 0)
        return ExistentialValue(typeName: value.typeName, valueAddress: UInt(valueAddress), value: value)
    }

    /// The class instance an existential at `address` holds when RemoteMirror makes no type of its class
    /// (one nested in an extension of another module's generic type: OpenCombine's
    /// `Optional.OCombine.Inner`, held as `any Subscription`). A class instance sits in the first word,
    /// of the buffer or of a class existential; an opaque existential's metadata (after its three-word
    /// buffer) must then be that instance's class.
    private func classInstance(inExistentialAt address: UInt, of field: FieldLayout) -> ExistentialValue? {
        guard field.kind != .errorExistential, let object = Memory.readWord(address),
            let header = header(ofObjectAt: object), header.kind == .classInstance,
            field.kind == .classExistential || Memory.readWord(address &+ 24) == header.metadata,
            classLayout(metadata: header.metadata) != nil
        else { return nil }
        let name = className(metadata: header.metadata)
        let value = FieldLayout(
            name: nil, offset: 0, kind: .strong, typeName: name, children: [], typeRef: 0, generation: generation)
        return ExistentialValue(typeName: name, valueAddress: address, value: value)
    }

    func activeCase(at address: UInt, of field: FieldLayout) -> Int? {
        guard field.kind == .enumeration, field.generation == generation else { return nil }
        var index: Int32 = -1
        guard api.pointee.projectEnumValue(context, UInt64(address), field.typeRef, &index) != 0, index >= 0 else {
            return nil
        }
        return Int(index)
    }

    // MARK: Word scan

    func wordScan(ofObjectAt address: UInt, size: Int) -> [ScannedWord] {
        let wordCount = size / 8
        guard wordCount > 2, let words = Memory.readWords(address, count: wordCount) else { return [] }
        return (2..<wordCount).compactMap { index in
            let target = words[index]
            guard target != address, isLiveObject(target), let name = typeName(ofObjectAt: target) else { return nil }
            return ScannedWord(offset: index * 8, target: target, typeName: name)
        }
    }

    func isLiveObject(_ address: UInt) -> Bool {
        guard header(ofObjectAt: address) != nil, let counts = RefCounts.snapshot(ofObjectAt: address) else {
            return false
        }
        return counts.isImmortal || (!counts.isDeiniting && counts.strong > 0)
    }
}

extension FieldLayout.Kind {
    init(_ kind: crm_layout_kind) {
        switch kind {
        case CRM_STRONG_REFERENCE: self = .strong
        case CRM_WEAK_REFERENCE: self = .weak
        case CRM_UNOWNED_REFERENCE: self = .unowned
        case CRM_UNMANAGED_REFERENCE: self = .unmanaged
        case CRM_THICK_FUNCTION: self = .thickFunction
        case CRM_OPAQUE_EXISTENTIAL: self = .opaqueExistential
        case CRM_CLASS_EXISTENTIAL: self = .classExistential
        case CRM_ERROR_EXISTENTIAL: self = .errorExistential
        case CRM_STRUCT: self = .structure
        case CRM_TUPLE: self = .tuple
        case CRM_NO_PAYLOAD_ENUM, CRM_SINGLE_PAYLOAD_ENUM, CRM_MULTI_PAYLOAD_ENUM: self = .enumeration
        default: self = .other
        }
    }

    /// Whether RemoteMirror lists parts for this kind.
    var hasParts: Bool {
        switch self {
        case .strong, .weak, .unowned, .unmanaged, .other: false
        default: true
        }
    }
}

extension ReflectionProbe {
    /// The nominal type descriptor of a class (metadata + 40 without
    /// Objective-C interop): every instantiation of a generic class shares it,
    /// so it identifies `PublishRelay<T>` for any `T`.
    package static func nominalTypeDescriptor(ofClass type: AnyClass) -> UInt? {
        Memory.readWord(UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self)) &+ 40)
    }
}
