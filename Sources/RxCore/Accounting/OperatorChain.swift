import Synchronization

/// The operators a subscription goes through, kept as a small linked structure
/// shared by observables of the same shape and rendered to text only when
/// someone asks.
public final class OperatorChain: Sendable, CustomStringConvertible {
    private let name: String
    private let elementType: Any.Type?
    /// The first upstream chain; most operators have only this one, which
    /// then costs no array.
    private let source: OperatorChain?
    /// The upstream chains after the first.
    private let otherSources: [OperatorChain]

    /// Whether this chain is the shared one for its name and upstream: only
    /// such a chain's identity may key another shared chain.
    private let isShared: Bool

    private init(name: String, element: Any.Type?, source: OperatorChain?, isShared: Bool) {
        self.name = name
        self.elementType = element
        self.source = source
        self.otherSources = []
        self.isShared = isShared
    }

    /// A source of the chain, such as a subject; rendered `Name<Element>`.
    /// Chains are immutable, so every `just<Int>` shares one.
    static func source(_ name: String, element: Any.Type) -> OperatorChain {
        if let last = remembered(in: lastSource),
            last.elementType.map(ObjectIdentifier.init) == ObjectIdentifier(element), last.name == name
        {
            return last
        }
        let chain = shared(Key(name: name, upstream: ObjectIdentifier(element))) {
            OperatorChain(name: name, element: element, source: nil, isShared: $0)
        }
        remember(chain, in: lastSource)
        return chain
    }

    /// The shared source chain handed out last. `flatMap { .just($0) }` asks
    /// for the same one for every element, and the shared lookup's lock and
    /// hashing cost more than the rest of a `just`.
    private static let lastSource = Atomic<UInt>(0)

    /// The shared chain applied to this one last, for the same reason: a
    /// pipeline built again and again (every subscription of a cell) asks for
    /// the same chains again.
    private let lastApplied = Atomic<UInt>(0)

    /// Shared chains live for the process and never change, so an address
    /// kept unretained stays valid to read.
    private static func remembered(in slot: borrowing Atomic<UInt>) -> OperatorChain? {
        let address = slot.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<OperatorChain>.fromOpaque(pointer).takeUnretainedValue()
    }

    private static func remember(_ chain: OperatorChain, in slot: borrowing Atomic<UInt>) {
        guard chain.isShared else { return }
        slot.store(UInt(bitPattern: Unmanaged.passUnretained(chain).toOpaque()), ordering: .releasing)
    }

    /// An operator applied to one upstream chain; shared like sources, so a
    /// pipeline built again and again builds its chain once.
    static func applying(_ name: String, to source: OperatorChain) -> OperatorChain {
        guard source.isShared else { return OperatorChain(name: name, element: nil, source: source, isShared: false) }
        if let last = remembered(in: source.lastApplied), last.name == name { return last }
        let chain = shared(Key(name: name, upstream: ObjectIdentifier(source))) {
            OperatorChain(name: name, element: nil, source: source, isShared: $0)
        }
        remember(chain, in: source.lastApplied)
        return chain
    }

    private struct Key: Hashable {
        let name: String
        /// The shared upstream chain, or the element type of a source (a
        /// type and a shared chain are never both alive at one address).
        let upstream: ObjectIdentifier

        /// The upstream and the name's length: few names share both, and
        /// hashing the name's text would cost more than the comparisons it saves.
        func hash(into hasher: inout Hasher) {
            hasher.combine(upstream)
            hasher.combine(name.utf8.count)
        }
    }

    /// Shared chains live for the process; past this many (names built from
    /// arguments, such as `take(5)`, could add up), new ones are not kept.
    private static let sharedLimit = 4_096
    private static let sharedChains = Mutex<[Key: OperatorChain]>([:])

    private static func shared(_ key: Key, _ make: (_ isShared: Bool) -> OperatorChain) -> OperatorChain {
        sharedChains.withLock { chains in
            if let chain = chains[key] { return chain }
            guard chains.count < sharedLimit else { return make(false) }
            let chain = make(true)
            chains[key] = chain
            return chain
        }
    }

    /// An operator applied to several upstream chains.
    convenience init(_ name: String, _ first: OperatorChain, _ second: OperatorChain, _ others: OperatorChain...) {
        self.init(name, upstream: [first, second] + others)
    }

    /// An operator applied to a collection of upstream chains.
    init(_ name: String, upstream: [OperatorChain]) {
        self.name = name
        self.elementType = nil
        self.source = upstream.first
        self.otherSources = Array(upstream.dropFirst())
        self.isShared = false
    }

    private var upstream: [OperatorChain] { source.map { [$0] + otherSources } ?? [] }

    private var ownName: String {
        elementType.map { "\(name)<\($0)>" } ?? name
    }

    /// `PublishSubject<Int> → map → filter`; several upstreams render as
    /// `combineLatest(A<Int>, B<Int>)`.
    public var description: String {
        guard let source else { return ownName }
        if otherSources.isEmpty { return "\(source) → \(ownName)" }
        return "\(ownName)(\(upstream.map(\.description).joined(separator: ", ")))"
    }

    /// This chain followed by a terminal step such as `subscribe`.
    func appending(_ step: String) -> String { "\(self) → \(step)" }
}
