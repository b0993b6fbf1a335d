import Dispatch
import Probes

/// Reads heap objects into retain-graph nodes: every reference a reflection
/// probe can see, named by meaning where a library integration or the check knows it.
struct HeapInspector {
    /// The closures handed to libraries during the check, to name contexts.
    var closures: ClosureTable?
    /// Whether nodes are named, closures' facts read and references given
    /// the sites libraries recorded: a walk that only asks which object holds
    /// which (a trial release, a closure's captures) skips them, and with
    /// them the symbolication a recorded site costs.
    var describes = true
    /// What the registered integrations know about their own objects.
    let vocabulary = LeakIntegrations.vocabulary
    private let probe = ReflectionProbe.shared

    /// What a walk learns once per type (by metadata address) instead of
    /// once per object: string tests on the type name cost more than the
    /// rest of reading a small object.
    struct TypeFacts {
        fileprivate struct Entry {
            let owner: Owner
            let isArrayStorage: Bool
            let isHashedStorage: Bool
            /// For a class whose instances need no reflection to read.
            let planned: Planned?
        }

        /// What reading an instance through its class's plan takes: a class,
        /// so that the read of each instance retains one object, not the
        /// plan's entries and names one by one.
        fileprivate final class Planned {
            let plan: FieldPlan
            /// The description its instances share in the walk's nodes.
            let description: Int32
            /// The library role of its instances, which integrations are asked to name.
            let role: LibraryObjectRole?
            /// Whether an integration names each of its instances.
            let namesEachObject: Bool

            init(plan: FieldPlan, description: Int32, role: LibraryObjectRole?, namesEachObject: Bool) {
                self.plan = plan
                self.description = description
                self.role = role
                self.namesEachObject = namesEachObject
            }
        }

        fileprivate var entries: [UInt: Entry] = [:]
        /// The planned types met last, by a few bits of their metadata
        /// address, looked at before `entries`: no hashing for most objects.
        private var recentMetadata = [UInt](repeating: 0, count: 64)
        private var recentPlanned = [Planned?](repeating: nil, count: 64)

        init() {}

        /// How many of the types met are read through a ``FieldPlan``.
        var plannedTypeCount: Int { entries.values.count { $0.planned != nil } }

        /// The plan of the class whose metadata is at `metadata`, if it was met and has one.
        fileprivate mutating func planned(forMetadata metadata: UInt) -> Planned? {
            let slot = Int(truncatingIfNeeded: metadata >> 3) & 63
            if recentMetadata[slot] == metadata { return recentPlanned[slot] }
            guard let entry = entries[metadata] else { return nil }
            recentMetadata[slot] = metadata
            recentPlanned[slot] = entry.planned
            return entry.planned
        }
    }

    /// The type of the object whose fields are read.
    fileprivate struct Owner {
        let name: String
        let kind: RetainNode.Kind
        let isLibrary: Bool
        let shortName: String
        /// Whether an integration names each instance (``LeakIntegration/namesEachObject(of:)``).
        var namesEachObject = false
    }

    /// The node for the heap object at `address`, or nil when it cannot be
    /// read; `leadingWords` are its first words when the caller read them.
    func node(at address: UInt, leadingWords: ArraySlice<UInt>? = nil) -> HeapNode? {
        var nodes = HeapNodes()
        guard read(at: address, leadingWords: leadingWords, into: &nodes) else { return nil }
        return nodes.node(0)
    }

    /// Reads the heap object at `address` as the next node of `nodes`, which
    /// keep what the walk learned of each type; false (nothing added) when it
    /// cannot be read. `leadingWords` are its first words when the caller read them.
    func read(at address: UInt, leadingWords: ArraySlice<UInt>?, into nodes: inout HeapNodes) -> Bool {
        // An instance of a class met before (its metadata checked then: class metadata is never freed).
        if let leadingWords, leadingWords.count >= 2, address >= 0x1000, address % 8 == 0,
            let planned = nodes.types.planned(forMetadata: leadingWords[leadingWords.startIndex])
        {
            let words = ObjectWords(address: address, size: planned.plan.size, read: leadingWords)
            let strongCount = words.word(at: address &+ 8).flatMap {
                RefCounts.snapshot(bits: $0, ofObjectAt: address)?.strong
            }
            let name =
                describes ? ownName(ofObjectAt: address, role: planned.role, namesEach: planned.namesEachObject) : nil
            if nodes.appendPlanned(
                at: address, plan: planned.plan, words: words, description: planned.description, name: name,
                strongCount: strongCount)
            {
                return true
            }
        }
        let layout =
            leadingWords.map { probe.layout(ofInstanceAt: address, leadingWords: Array($0)) }
            ?? probe.layout(ofInstanceAt: address)
        guard let layout else {
            guard let node = scannedNode(at: address) else { return false }
            nodes.append(node)
            return true
        }
        record(layout, into: &nodes)
        return true
    }

    /// The node for the object `layout` describes, read already.
    func node(of layout: InstanceLayout) -> HeapNode {
        var nodes = HeapNodes()
        record(layout, into: &nodes)
        return nodes.node(0)
    }

    /// Reads the object `layout` describes as the next node of `nodes`, its
    /// references straight into theirs (an array's million elements are not
    /// gathered first and copied after); what it learns of the object's type goes into `nodes`.
    private func record(_ layout: InstanceLayout, into nodes: inout HeapNodes) {
        let address = layout.address
        let start = nodes.references.count
        var strongCount: Int?
        let facts =
            nodes.types.entries[layout.metadata]
            ?? {
                let name = layout.typeName ?? "object"
                var owner = Owner(
                    name: name, kind: kind(of: layout),
                    isLibrary: layout.typeName != nil && vocabulary.isLibraryType(name),
                    shortName: HeapNames.shortTypeName(name))
                if owner.isLibrary, layout.kind == .classInstance {
                    let type = unsafeBitCast(layout.metadata, to: Any.Type.self)
                    owner.namesEachObject = vocabulary.integrations.contains { $0.namesEachObject(of: type) }
                }
                let isArrayStorage =
                    name.hasPrefix(HeapNames.arrayStoragePrefix) || name == "Swift.__EmptyArrayStorage"
                let isHashedStorage =
                    name.hasPrefix(HeapNames.dictionaryStoragePrefix) || name.hasPrefix(HeapNames.setStoragePrefix)
                let isPlain = layout.kind == .classInstance && !isArrayStorage && !isHashedStorage
                let plan =
                    isPlain
                    ? FieldPlan(
                        fields: layout.fields, size: layout.size)
                    : nil
                let planned = plan.map { plan in
                    TypeFacts.Planned(
                        plan: plan,
                        description: nodes.addDescription(
                            HeapNodes.Description(
                                name: owner.shortName, typeName: layout.typeName, kind: owner.kind,
                                isLibrary: owner.isLibrary, closure: nil)),
                        role: owner.kind.role, namesEachObject: owner.namesEachObject)
                }
                let entry = TypeFacts.Entry(
                    owner: owner, isArrayStorage: isArrayStorage, isHashedStorage: isHashedStorage, planned: planned)
                nodes.types.entries[layout.metadata] = entry
                return entry
            }()
        let owner = facts.owner
        if facts.isArrayStorage, let storage = probe.arrayStorage(ofObjectAt: address) {
            let size = storage.count.multipliedReportingOverflow(by: storage.stride)
            let words = ObjectWords(address: storage.elementsAddress, size: size.overflow ? 0 : size.partialValue)
            // Room for the elements' references and as many again (up to the walk's
            // budget) for the objects they lead to, read next: memory reserved and
            // never written costs no page.
            nodes.references.reserveCapacity(start + storage.count + min(storage.count, RetainGraph.nodeBudget))
            let element = storage.element, first = storage.elementsAddress, stride = UInt(storage.stride)
            for index in 0..<storage.count {
                collect(
                    element, base: first &+ UInt(index) &* stride, element: index, words: words, into: &nodes.references
                )
            }
        } else if facts.isHashedStorage, let storage = probe.hashedStorage(ofObjectAt: address) {
            let words = ObjectWords(address: address, size: 0)
            // Keys hold references too (an object used as a key, a Set's elements).
            for (index, entry) in storage.entries.enumerated() {
                let key = HeapNames.keyDescription(at: entry.key, type: storage.key.typeName) ?? "#\(index)"
                collect(
                    storage.key, base: entry.key, path: "", in: key, owner: nil, words: words, into: &nodes.references)
                if let value = storage.value, let valueAddress = entry.value {
                    collect(
                        value, base: valueAddress, path: "", in: key, owner: nil, words: words,
                        into: &nodes.references)
                }
            }
        } else {
            let words = ObjectWords(address: address, size: layout.size, read: layout.leadingWords[...])
            strongCount = words.word(at: address &+ 8).flatMap {
                RefCounts.snapshot(bits: $0, ofObjectAt: address)?.strong
            }
            let isInstance = layout.kind == .classInstance
            // Fields read in place through the buffer: iterating the array copies each (a dozen retains).
            layout.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    collect(
                        fields[index], base: address, path: fields[index].name ?? "", in: nil,
                        owner: isInstance ? owner : nil,
                        words: words, into: &nodes.references)
                }
            }
            if describes {
                HeapNames.attachRecordedSite(
                    in: layout.fields, base: address, to: &nodes.references[start...], vocabulary: vocabulary,
                    fieldsOfObject: referencedFields(for: owner))
            }
        }
        let isKnownClosure = layout.kind != .classInstance && closures?.entry(for: address) != nil
        nodes.settleNext(
            address,
            description: HeapNodes.Description(
                name: describes ? name(of: layout, owner: owner) : owner.shortName, typeName: layout.typeName,
                kind: isKnownClosure ? .closure : owner.kind, isLibrary: owner.isLibrary,
                closure: describes ? closureFacts(layout) : nil), strongCount: strongCount)
    }

    /// What the objects of `layout`'s type are (a closure context: one nothing is
    /// known about yet); decided once per type, by type: the integrations are
    /// asked the role of each class but the standard library's.
    func kind(of layout: InstanceLayout) -> RetainNode.Kind {
        switch layout.kind {
        case .closureContext, .genericBox: return .closureContext
        case .other: return .unknown
        case .classInstance:
            guard let typeName = layout.typeName else { return .unknown }
            if HeapNames.isStandardLibraryType(typeName) { return .storage }
            let type = unsafeBitCast(layout.metadata, to: Any.Type.self)
            if ObjectIdentifier(type) == ObjectIdentifier(DispatchWorkItem.self) { return .dispatchWork }
            return RetainNode.Kind(role: vocabulary.first { $0.role(of: type) })
        }
    }

    /// How a recorded site is looked for in the objects `owner` refers to:
    /// only from a library's own objects, whose references lead to what the
    /// library recorded (an observer's subscription); a user object's lead
    /// anywhere, and a site found there would name the wrong closure.
    private func referencedFields(for owner: Owner?) -> ((UInt) -> [FieldLayout]?)? {
        guard let owner, owner.isLibrary else { return nil }
        return { [probe] in probe.layout(ofInstanceAt: $0)?.fields }
    }

    private func scannedNode(at address: UInt) -> HeapNode? {
        guard let size = probe.instanceSize(ofObjectAt: address) else { return nil }
        let references = probe.wordScan(ofObjectAt: address, size: size).map {
            HeapReference(target: $0.target, wordAt: $0.offset)
        }
        let typeName = probe.typeName(ofObjectAt: address)
        return HeapNode(
            address: address, name: typeName.map(HeapNames.shortTypeName) ?? "object", typeName: typeName,
            references: references[...], closure: nil, kind: typeName == nil ? .unknown : .object,
            isLibrary: typeName.map(vocabulary.isLibraryType) ?? false)
    }

    /// Adds the references array element `element` holds: an object's
    /// reference labelled by its index alone, anything else as a field.
    private func collect(
        _ field: FieldLayout, base: UInt, element: Int, words: ObjectWords, into references: inout [HeapReference]
    ) {
        if field.kind == .strong || field.kind == .classExistential || field.kind == .errorExistential {
            if let target = words.word(at: base &+ UInt(field.offset)), target != 0 {
                references.append(HeapReference(target: target, element: element, kind: .strong))
            }
            return
        }
        collect(field, base: base, path: "", in: String(element), owner: nil, words: words, into: &references)
    }

    /// Adds the references a field holds, at `path` in its holder (in the holder's element
    /// `element`, when one). Offsets are from `base`, the start of the heap object (or of the
    /// existential's value) that holds the field.
    private func collect(
        _ field: FieldLayout, base: UInt, path: String, in element: String?, owner: Owner?, words: ObjectWords,
        into references: inout [HeapReference]
    ) {
        let address = base &+ UInt(field.offset)
        switch field.kind {
        case .strong, .classExistential, .errorExistential:
            if let target = words.word(at: address), target != 0 {
                references.append(
                    HeapReference(target: target, path: path, in: element, kind: .strong, isVerified: true))
            }
        case .unowned, .unmanaged:
            if let target = words.word(at: address), target != 0 {
                references.append(
                    HeapReference(
                        target: target, path: path, in: element,
                        kind: field.kind == .unowned ? .unowned : .unownedUnsafe, isVerified: true))
            }
        case .weak:
            if let target = HeapNames.weakTarget(at: address) {
                references.append(HeapReference(target: target, path: path, in: element, kind: .weak, isVerified: true))
            }
        case .thickFunction:
            if let context = words.word(at: address &+ 8), context != 0 {
                references.append(
                    HeapReference(
                        target: context, path: path, in: element, kind: .strong, isVerified: true,
                        function: words.word(at: address)))
            }
        case .opaqueExistential:
            if let value = probe.existentialValue(at: base, of: field) {
                collect(
                    value.value, base: value.valueAddress, path: path, in: element, owner: owner, words: words,
                    into: &references)
            }
        case .structure where field.typeName?.hasPrefix("Swift._BridgeStorage<") == true:
            // A Dictionary's or Set's storage reference is a bridge object,
            // which reflection leaves opaque; without Objective-C it is the
            // native storage object itself.
            if let target = words.word(at: address), target != 0 {
                references.append(
                    HeapReference(target: target, path: path, in: element, kind: .strong, isVerified: true))
            }
        case .structure, .tuple:
            let start = references.count
            for child in field.children {
                collect(
                    child, base: base, path: child.name.map { FieldPlan.path(path, $0) } ?? path, in: element,
                    owner: owner, words: words, into: &references)
            }
            if describes {
                HeapNames.attachRecordedSite(
                    in: field.children, base: base, to: &references[start...], vocabulary: vocabulary,
                    fieldsOfObject: referencedFields(for: owner))
            }
        case .enumeration:
            let index =
                words.word(at: address).flatMap { ReflectionProbe.optionalReferenceCase(of: field, firstWord: $0) }
                ?? probe.activeCase(at: base, of: field)
            if let index, field.children.indices.contains(index) {
                field.children.withUnsafeBufferPointer { children in
                    collect(
                        children[index], base: base, path: path, in: element, owner: owner, words: words,
                        into: &references)
                }
            }
        case .other:
            break
        }
    }

    /// `owner`: what the layout's type is, with the short form of its name (or of `object`).
    private func name(of layout: InstanceLayout, owner: Owner) -> String {
        let shortName = owner.shortName
        switch layout.kind {
        case .classInstance:
            return ownName(ofObjectAt: layout.address, role: owner.kind.role, namesEach: owner.namesEachObject)
                ?? shortName
        case .closureContext, .genericBox:
            if let entry = closures?.entry(for: layout.address) {
                return "closure given to \(entry.operatorName) at \(entry.site)"
            }
            return layout.kind == .genericBox ? "box" : "closure context"
        case .other:
            return layout.typeName == nil ? "object" : shortName
        }
    }

    /// What an integration calls the library object at `address`, by its role
    /// or, for a class whose objects each say what they are, by itself; nil for its short type name.
    private func ownName(ofObjectAt address: UInt, role: LibraryObjectRole?, namesEach: Bool) -> String? {
        if let role { return vocabulary.first { $0.name(ofObjectAt: address, role: role) } }
        return namesEach ? vocabulary.first { $0.name(ofObjectAt: address) } : nil
    }

    /// Whether the word at `address` points at a box holding only weak or
    /// unowned references: beside other captures, `[weak x]` lives in such a box.
    private func holdsOnlyNonStrongReferences(_ address: UInt) -> Bool {
        guard let box = Memory.readWord(address), let layout = probe.layout(ofInstanceAt: box),
            layout.kind == .closureContext, !layout.fields.isEmpty
        else { return false }
        return layout.fields.flatMap(\.flattened).filter(\.isReference).allSatisfy { $0.kind != .strong }
    }

    /// What a closure context holds: whether it captures anything weakly or
    /// unowned beside its strong captures, and the functions it wraps.
    private func closureFacts(_ layout: InstanceLayout) -> HeapNode.ClosureFacts? {
        // A closure whose only capture is one object has that object as its
        // context: the object is not a closure for all that.
        guard
            layout.kind == .closureContext
                || (layout.kind == .genericBox && closures?.entry(for: layout.address) != nil)
        else { return nil }
        // A thunk's own captures are the closure it wraps: look one hop in.
        let wrapped = layout.fields.flatMap(\.flattened).filter { $0.kind == .thickFunction }
            .compactMap { Memory.readWord(layout.address &+ UInt($0.offset) &+ 8) }
            .compactMap { probe.layout(ofInstanceAt: $0) }.filter { $0.kind == .closureContext }
        let all = layout.fields.flatMap(\.flattened) + wrapped.flatMap { $0.fields.flatMap(\.flattened) }
        let functions = all.filter { $0.kind == .thickFunction }.compactMap {
            Memory.readWord(layout.address &+ UInt($0.offset))
        }
        return HeapNode.ClosureFacts(
            hasWeakOrUnownedCapture: all.contains { [.weak, .unowned, .unmanaged].contains($0.kind) }
                || all.contains {
                    $0.kind == .strong && holdsOnlyNonStrongReferences(layout.address &+ UInt($0.offset))
                },
            wrappedFunctions: functions)
    }
}
