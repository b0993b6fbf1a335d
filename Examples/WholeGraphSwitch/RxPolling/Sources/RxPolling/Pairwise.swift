import RxSwift

extension ObservableType {
    /// Each element with the one before it; the first element only starts the first pair.
    public func pairwise() -> Observable<(Element, Element)> {
        scan((previous: Element?.none, current: Element?.none)) { pair, element in (pair.current, element) }
            .compactMap { pair in
                guard let previous = pair.previous, let current = pair.current else { return nil }
                return (previous, current)
            }
    }
}
