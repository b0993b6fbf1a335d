/// The operators a subscription goes through, kept as a small linked structure
/// built once per observable and rendered to text only when someone asks.
public final class OperatorChain: Sendable, CustomStringConvertible {
    private let name: String
    private let elementType: Any.Type?
    /// The first upstream chain; most operators have only this one, which
    /// then costs no array.
    private let source: OperatorChain?
    /// The upstream chains after the first.
    private let otherSources: [OperatorChain]

    /// A source of the chain, such as a subject; rendered `Name<Element>`.
    init(source name: String, element: Any.Type) {
        self.name = name
        self.elementType = element
        self.source = nil
        self.otherSources = []
    }

    /// An operator applied to one upstream chain.
    init(_ name: String, _ source: OperatorChain) {
        self.name = name
        self.elementType = nil
        self.source = source
        self.otherSources = []
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
