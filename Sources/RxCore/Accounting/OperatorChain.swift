/// The operators a subscription goes through, kept as a small linked structure
/// built once per observable and rendered to text only when someone asks.
public final class OperatorChain: Sendable, CustomStringConvertible {
    private let name: String
    private let elementType: Any.Type?
    private let upstream: [OperatorChain]

    /// A source of the chain, such as a subject; rendered `Name<Element>`.
    init(source name: String, element: Any.Type) {
        self.name = name
        self.elementType = element
        self.upstream = []
    }

    /// An operator applied to one or more upstream chains.
    init(_ name: String, _ upstream: OperatorChain...) {
        self.name = name
        self.elementType = nil
        self.upstream = upstream
    }

    /// An operator applied to a collection of upstream chains.
    init(_ name: String, upstream: [OperatorChain]) {
        self.name = name
        self.elementType = nil
        self.upstream = upstream
    }

    private var ownName: String {
        elementType.map { "\(name)<\($0)>" } ?? name
    }

    /// `PublishSubject<Int> → map → filter`; several upstreams render as
    /// `combineLatest(A<Int>, B<Int>)`.
    public var description: String {
        switch upstream.count {
        case 0: ownName
        case 1: "\(upstream[0]) → \(ownName)"
        default: "\(ownName)(\(upstream.map(\.description).joined(separator: ", ")))"
        }
    }

    /// This chain followed by a terminal step such as `subscribe`.
    func appending(_ step: String) -> String { "\(self) → \(step)" }
}
