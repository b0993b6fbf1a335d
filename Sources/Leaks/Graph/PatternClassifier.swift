import Probes

/// Names the pattern of a retain cycle: its shape, from the kinds of objects
/// and closures on it, in the words of the library whose objects are on the
/// cycle (its integration's), or in the engine's own. Shapes it does not
/// recognise get no pattern.
struct PatternClassifier {
    let graph: RetainGraph
    let path: [(from: UInt, reference: HeapReference)]
    /// What the registered integrations know about their own objects.
    let vocabulary: LibraryVocabulary

    func classify() -> LeakPattern? {
        guard let shape = shape() else { return nil }
        // A library names only cycles through its own objects: a gesture
        // recogniser's closure is not an Rx leak because RxCore is linked.
        let throughLibrary = path.contains { step in
            graph.nodes[step.reference.target].map { $0.isLibrary || $0.kind == .closure } ?? false
        }
        return (throughLibrary ? vocabulary.first { $0.pattern(for: shape) } : nil) ?? shape.neutralPattern
    }

    private func shape() -> LeakShape? {
        // The user's closures: those handed to an operator, and closures whose
        // context is a user object. A library's own closures are not the cause.
        let closureEdges = path.filter { step in
            guard let target = graph.nodes[step.reference.target] else { return false }
            return target.kind == .closure
                || (step.reference.function != nil && target.closure == nil && !target.isLibrary)
        }
        for edge in closureEdges {
            if let method = methodReference(behind: edge.reference) {
                // The leaked object follows a subject or relay it keeps as a
                // property with its own method: storing what it was given to
                // follow is the shape the guide names, the method only closes it.
                if path.contains(where: { $0.from == graph.root && isSubject($0.reference.target) }) {
                    return .storedSubject
                }
                return .methodReference(method: method)
            }
        }
        // A bag captured by a closure of a subscription it holds, whatever else the closure captures: the bag
        // would end the subscription, but goes only with the closure, so ending the subscriptions elsewhere is the fix.
        if capturesTheBagOfItsOwnSubscription(closureEdges) { return .containerCapturedByItsSubscription }
        if closureEdges.contains(where: { graph.nodes[$0.reference.target]?.closure?.hasWeakOrUnownedCapture == true })
        {
            return .captureListMissingModifier
        }
        // A bag handed to another object (two of the user's objects hold it), or else captured by a closure on
        // the cycle (a closure whose only capture is the bag has the bag as its context).
        if path.contains(where: { isBag($0.reference.target) && userHolders(of: $0.reference.target).count >= 2 }) {
            return .containerSharedWithAnotherObject
        }
        if closureEdges.contains(where: { !capturedBags(of: $0.reference.target).isEmpty })
            || path.contains(where: { $0.reference.function != nil && isBag($0.reference.target) })
        {
            return .containerCapturedByItsSubscription
        }
        if !closureEdges.isEmpty { return .strongCapture }
        if path.contains(where: {
            isSubject($0.reference.target) && userHolders(of: $0.reference.target).contains { $0 != graph.root }
        }) {
            return .storedSubject
        }
        // Stored properties between the user's objects alone: the last one leads back to the object.
        if let last = path.last,
            path.allSatisfy({ step in
                guard let target = graph.nodes[step.reference.target] else { return false }
                return !target.isLibrary && target.closure == nil && step.reference.function == nil
            })
        {
            if let downstream = path.first(where: { $0.reference.place.fields.first == "downstream" }) {
                return .subscriptionNeverCancelled(property: downstream.reference.label)
            }
            return .strongBackReference(property: last.reference.label)
        }
        return nil
    }

    /// A description of the method when the closure behind `reference` is a
    /// method reference rather than a closure literal; nil otherwise.
    private func methodReference(behind reference: HeapReference) -> String? {
        var functions = reference.function.map { [$0] } ?? []
        functions += graph.nodes[reference.target]?.closure?.wrappedFunctions ?? []
        for function in functions {
            guard let name = Backtrace.symbolicate([function &+ 1]).first?.function else { continue }
            if let method = Self.methodReference(in: name, vocabulary: vocabulary) { return method }
        }
        return nil
    }

    /// What a function symbol says about a method reference: Swift compiles
    /// `self.f` and `f(model:)` to `implicit closure #2 … in implicit closure #1
    /// (Type) -> … in caller()` (the method's own name is not in the symbol,
    /// so the caller is named), older compilers to `partial apply forwarder for
    /// Type.method(label:)`. Nil for closure literals and thunks.
    static func methodReference(in symbol: String, vocabulary: LibraryVocabulary) -> String? {
        let symbol = HeapNames.withoutPrivateDiscriminators(symbol)
        let enclosing = topLevelComponents(of: symbol, separatedBy: " in ").last ?? ""
        // A library's own method references (RxCore's `observer.on`) are not the user's.
        if vocabulary.ownsFunction(enclosing) { return nil }
        if symbol.contains("implicit closure #"), symbol.contains("in implicit closure #1 (") {
            let declaration = topLevelComponents(of: enclosing, separatedBy: " -> ").first ?? enclosing
            let name = topLevelComponents(of: declaration, separatedBy: ".").last ?? declaration
            return "the method referenced in \(name)"
        }
        return partiallyAppliedMethod(in: symbol)
    }

    /// `text` split at `separator` where it is not inside brackets.
    static func topLevelComponents(of text: String, separatedBy separator: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if depth == 0, text[index...].hasPrefix(separator) {
                parts.append(current)
                current = ""
                index = text.index(index, offsetBy: separator.count)
                continue
            }
            let character = text[index]
            if "(<[".contains(character) { depth += 1 }
            if ")>]".contains(character) { depth = max(0, depth - 1) }
            current.append(character)
            index = text.index(after: index)
        }
        parts.append(current)
        return parts
    }

    /// The method a `partial apply forwarder for Module.Type.method(label:…)`
    /// symbol applies, as `method(label:)`; nil for closures and thunks.
    static func partiallyAppliedMethod(in symbol: String) -> String? {
        guard symbol.contains("partial apply"), !symbol.contains("closure #"), !symbol.contains("thunk") else {
            return nil
        }
        let afterFor =
            symbol.range(of: "partial apply forwarder for ").map { symbol[$0.upperBound...] } ?? Substring(symbol)
        guard let open = afterFor.firstIndex(of: "(") else { return nil }
        let name = afterFor[..<open].split(separator: ".").last.map(String.init) ?? ""
        var depth = 0, labels = "", current = ""
        for character in afterFor[afterFor.index(after: open)...] {
            switch character {
            case "(", "<", "[": depth += 1
            case ")" where depth == 0:
                return "\(name)(\(labels))"
            case ")", ">", "]": depth -= 1
            case ":" where depth == 0:
                labels += current.trimmingCharacters(in: .whitespaces) + ":"
                current = ""
            case "," where depth == 0: current = ""
            default: if depth == 0 { current.append(character) }
            }
        }
        return "\(name)(\(labels))"
    }

    /// Whether a closure on the cycle keeps a bag that holds the closure's own subscription: the bag is on
    /// the cycle after the closure (the bag reaches the closure), or the object that holds the closure (its
    /// observer) refers to a subscription the bag holds (a subscription made on a subject reaches its observer
    /// through the subject alone).
    private func capturesTheBagOfItsOwnSubscription(_ closureEdges: [(from: UInt, reference: HeapReference)]) -> Bool {
        if path.contains(where: { isBag($0.reference.target) && graph.nodes[$0.from]?.closure != nil }) { return true }
        return closureEdges.contains { step in
            let bags = capturedBags(of: step.reference.target)
            guard !bags.isEmpty, let holder = graph.nodes[step.from] else { return false }
            let subscriptions = Set(
                holder.references.lazy.filter { $0.kind == .strong && self.isSubscription($0.target) }.map(\.target))
            return !subscriptions.isEmpty && bags.contains { holds($0, anyOf: subscriptions) }
        }
    }

    /// The bags the closure at `address` captures strongly; none when it is not a closure.
    private func capturedBags(of address: UInt) -> [UInt] {
        guard let closure = graph.nodes[address], closure.closure != nil else { return [] }
        return closure.references.filter { $0.kind == .strong && isBag($0.target) }.map(\.target)
    }

    /// Whether the bag at `bag` holds one of `subscriptions`, through the storage and plumbing that carry its
    /// entries (no other object's references are followed).
    private func holds(_ bag: UInt, anyOf subscriptions: Set<UInt>) -> Bool {
        var queue = [bag]
        var seen: Set<UInt> = [bag]
        while let address = queue.popLast() {
            for reference in graph.nodes[address]?.references ?? [] where reference.kind == .strong {
                if subscriptions.contains(reference.target) { return true }
                guard graph.nodes[reference.target]?.kind.isFolded == true, seen.insert(reference.target).inserted
                else { continue }
                queue.append(reference.target)
            }
        }
        return false
    }

    private func isSubscription(_ address: UInt) -> Bool { graph.nodes[address]?.kind == .subscription }

    private func isBag(_ address: UInt) -> Bool { graph.nodes[address]?.kind == .subscriptionContainer }

    private func isSubject(_ address: UInt) -> Bool { graph.nodes[address]?.kind == .subject }

    /// Objects outside any library that hold `address` strongly.
    private func userHolders(of address: UInt) -> Set<UInt> {
        let nodes = graph.nodes
        return Set(
            (0..<nodes.count).filter { index in
                !nodes.isClosure(index) && !nodes.isLibrary(index)
                    && nodes.referenceRange(ofNode: index).contains {
                        nodes.references[$0].kind == .strong && nodes.references[$0].target == address
                    }
            }.map { nodes.addresses[$0] })
    }
}
