/// The objects of a ``RetainGraph`` in read order, found by address, stored
/// flat: per node its address, strong count, description and where its
/// references start; every node's references in one array, node after node;
/// a description per type for the instances read through a ``FieldPlan``.
/// A walk over a million objects then makes no allocation per object, and
/// copies nothing that holds a reference count.
///
/// Addresses are found through one table from address to the position the
/// walk queued the address at, and the node read at each position.
struct HeapNodes {
    /// What nodes share: an instance of a planned class, its type's; any
    /// other node, its own.
    struct Description {
        let name: String
        let typeName: String?
        let kind: RetainNode.Kind
        let isLibrary: Bool
        let closure: HeapNode.ClosureFacts?
    }

    /// What the walk learned of each type met, by metadata address.
    var types = HeapInspector.TypeFacts()
    /// Each node's address: a node's position here is its index in the graph.
    private(set) var addresses: [UInt] = []
    /// Each node's index into `descriptions`.
    private var descriptionIndices: [Int32] = []
    /// Each node's strong count when read, -1 when it was not.
    private var strongCounts: [Int] = []
    /// Node `i`'s references are `references[referenceStart[i]..<referenceStart[i + 1]]`.
    private var referenceStart: [Int] = [0]
    /// Every node's references, node after node. The inspector appends the
    /// next node's, then settles the node (``settleNext(_:description:strongCount:)``).
    var references: [HeapReference] = []
    private var descriptions: [Description] = []
    /// Every address the walk met, by queue position.
    private var positions = AddressTable()
    /// The node index read at each queue position settled so far, -1 where none was.
    private var nodeAtPosition: [Int32] = []

    var count: Int { addresses.count }

    /// Node `index` with its references.
    func node(_ index: Int) -> HeapNode {
        let description = descriptions[Int(descriptionIndices[index])]
        return HeapNode(
            address: addresses[index], name: description.name, typeName: description.typeName,
            references: references[referenceRange(ofNode: index)], closure: description.closure,
            kind: description.kind, isLibrary: description.isLibrary, strongCount: strongCount(ofNode: index))
    }

    subscript(address: UInt) -> HeapNode? {
        index(of: address).map(node)
    }

    func contains(_ address: UInt) -> Bool { index(of: address) != nil }

    /// Where node `index`'s references are in ``references``.
    func referenceRange(ofNode index: Int) -> Range<Int> { referenceStart[index]..<referenceStart[index + 1] }

    func name(ofNode index: Int) -> String { descriptions[Int(descriptionIndices[index])].name }

    func kind(ofNode index: Int) -> RetainNode.Kind { descriptions[Int(descriptionIndices[index])].kind }

    func isLibrary(_ index: Int) -> Bool { descriptions[Int(descriptionIndices[index])].isLibrary }

    func isClosure(_ index: Int) -> Bool { descriptions[Int(descriptionIndices[index])].closure != nil }

    func strongCount(ofNode index: Int) -> Int? { strongCounts[index] < 0 ? nil : strongCounts[index] }

    func index(of address: UInt) -> Int? {
        positions[address].flatMap(index(atPosition:))
    }

    /// The node read at queue position `position`, if one was.
    func index(atPosition position: Int) -> Int? {
        position < nodeAtPosition.count && nodeAtPosition[position] >= 0 ? Int(nodeAtPosition[position]) : nil
    }

    /// The queue position of `address`: the next free one when it is met first.
    @discardableResult
    mutating func discover(_ address: UInt) -> Int {
        positions.value(for: address, insertingIfAbsent: positions.count)
    }

    /// Makes room for `count` more addresses met.
    mutating func reserveAddresses(_ count: Int) {
        positions.reserveCapacity(positions.count + count)
    }

    /// Makes room for `count` nodes when that is more than twice what there is room for.
    mutating func reserveCapacity(_ count: Int) {
        guard count > addresses.capacity * 2 else { return }
        // Room for two references a node: memory reserved and never written costs no page.
        references.reserveCapacity(count * 2)
        addresses.reserveCapacity(count)
        descriptionIndices.reserveCapacity(count)
        strongCounts.reserveCapacity(count)
        referenceStart.reserveCapacity(count + 1)
        nodeAtPosition.reserveCapacity(count)
    }

    /// Records a description; returns its index.
    mutating func addDescription(_ description: Description) -> Int32 {
        descriptions.append(description)
        return Int32(descriptions.count - 1)
    }

    /// Records that nothing could be read at the next queue position.
    mutating func skipNext() {
        nodeAtPosition.append(-1)
    }

    /// Records `node` as read at the next queue position.
    mutating func append(_ node: HeapNode) {
        references.append(contentsOf: node.references)
        settleNext(
            node.address,
            description: Description(
                name: node.name, typeName: node.typeName, kind: node.kind, isLibrary: node.isLibrary,
                closure: node.closure), strongCount: node.strongCount)
    }

    /// Records the object at `address`, whose references were appended to
    /// ``references`` since the last node, as read at the next queue position.
    mutating func settleNext(_ address: UInt, description: Description, strongCount: Int?) {
        settleNext(address, description: addDescription(description), strongCount: strongCount)
    }

    /// Records the instance at `address`, read through `plan`, as read at the
    /// next queue position, with `description` unless an integration gave
    /// it its own `name`; false (nothing recorded) when the plan cannot read it.
    mutating func appendPlanned(
        at address: UInt, plan: FieldPlan, words: ObjectWords, description: Int32, name: String?,
        strongCount: Int?
    ) -> Bool {
        let start = references.count
        guard plan.collect(at: address, words: words, into: &references) else {
            references.removeSubrange(start...)
            return false
        }
        let shared = descriptions[Int(description)]
        let own = name.map {
            addDescription(
                Description(
                    name: $0, typeName: shared.typeName, kind: shared.kind, isLibrary: shared.isLibrary,
                    closure: nil))
        }
        settleNext(address, description: own ?? description, strongCount: strongCount)
        return true
    }

    private mutating func settleNext(_ address: UInt, description: Int32, strongCount: Int?) {
        nodeAtPosition.append(Int32(addresses.count))
        addresses.append(address)
        descriptionIndices.append(description)
        strongCounts.append(strongCount ?? -1)
        referenceStart.append(references.count)
    }
}
