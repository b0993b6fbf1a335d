/// Turns a raw path of references into the cycle a reader needs: plumbing
/// (the standard library's buffers, unnamed thunk contexts and boxes, and the
/// objects integrations call plumbing: locks, slots, disposers) folded away,
/// and each remaining reference typed by what it means.
enum CyclePresentation {
    /// One reference of a path before plumbing is folded.
    struct Step {
        let from: RetainNode
        let to: RetainNode
        let reference: Reference
        let kind: ReferenceKind
        let site: String?

        /// What the heap walk read (with the library type of a library object holding it,
        /// ``RetainGraph/owner(of:)``), or what a search made.
        enum Reference {
            case read(HeapReference.Place, owner: String?)
            case made(RetainReference)
        }
    }

    /// Nodes that only carry a reference along.
    static func isPlumbing(_ node: RetainNode) -> Bool { node.kind.isFolded }

    /// `rootKind`: the kind the first node is shown with, when not its own (a global's value).
    static func compress(_ steps: [Step], rootName: String, rootKind: RetainNode.Kind? = nil) -> [RetainEdge] {
        guard let first = steps.first else { return [] }
        let root = RetainNode(
            address: first.from.address, name: rootName, kind: rootKind ?? first.from.kind, call: first.from.call,
            type: first.from.type)
        // A closure whose context is the root object shares its address.
        let isRoot = { (node: RetainNode) in node.address == root.address && node.kind == first.from.kind }
        var result: [RetainEdge] = []
        var pending: (step: Step, element: String?)?
        for step in steps {
            let to = isRoot(step.to) ? root : step.to
            let start =
                pending?.step
                ?? Step(
                    from: isRoot(step.from) ? root : step.from, to: to, reference: step.reference, kind: step.kind,
                    site: step.site)
            // Keep an array's index on the property that holds the array.
            var element = pending?.element
            if pending != nil, case .read(let place, _) = step.reference, let index = place.element {
                element = index
            }
            let merged = Step(
                from: start.from, to: to, reference: start.reference,
                kind: start.kind == .strong ? step.kind : start.kind, site: step.site ?? start.site)
            if isPlumbing(to) && !isRoot(to) {
                pending = (merged, element)
            } else {
                result.append(
                    RetainEdge(
                        from: merged.from, to: merged.to, reference: meaning(of: merged, element: element),
                        kind: merged.kind, site: merged.site))
                pending = nil
            }
        }
        return result
    }

    /// What the kind of its source says (`holds` from a bag, `observer` from a
    /// subject, `upstream` from a subscription, `captures` from a closure),
    /// `Type.field` from other library objects, the property from the user's;
    /// `element`: the index of a collection the reference reached through.
    private static func meaning(of step: Step, element: String?) -> RetainReference {
        if let meaning = step.from.kind.meaningOfReferences { return meaning }
        let (place, owner): (HeapReference.Place, String?)
        switch step.reference {
        case .made(let reference): return reference
        case .read(let read, let holder): (place, owner) = (read, holder)
        }
        if let offset = place.wordOffset { return .word(offset: offset) }
        if let own = place.element { return .element(element ?? own) }
        // A closure context's fields have no names.
        guard let first = place.fields.first else { return .capture }
        guard let owner else { return .field(.init(owner: nil, name: first, element: element)) }
        // The innermost named field through the library's own structs: a closure kept in an operator's
        // parameters reads `Do.onNext`, not `Do.parameters`. Underscored fields are a container's storage;
        // the collection's index stays on the field that holds it (`observers[1]`).
        let named = place.fields.lastIndex { $0.first?.isLowercase == true } ?? 0
        return .field(
            .init(owner: owner, name: place.fields[named], element: named == place.fields.count - 1 ? element : nil))
    }

    /// A reference as the walk read it, unfolded: `task._task`, `Do.parameters.onNext`, `element [3]`.
    static func unfolded(_ place: HeapReference.Place, owner: String?) -> RetainReference {
        if let offset = place.wordOffset { return .word(offset: offset) }
        if let element = place.element { return .element(element) }
        guard let first = place.fields.first else { return .capture }
        return .field(.init(owner: owner, name: first, path: Array(place.fields.dropFirst())))
    }
}
