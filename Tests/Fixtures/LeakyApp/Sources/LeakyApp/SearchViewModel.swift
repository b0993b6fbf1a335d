import RxRelay
import RxSwift

/// Guide 000, "Capture lists": the subscription's closure captures `self`
/// strongly, and `self`'s bag holds the subscription.
public final class SearchViewModel {
    public let query = PublishSubject<String>()
    public private(set) var results: [String] = []
    private let catalogue: [String]
    private let disposeBag = DisposeBag()

    public init(catalogue: [String]) {
        self.catalogue = catalogue
        query
            .map { $0.lowercased() }
            .subscribe(onNext: { text in self.results = self.catalogue.filter { $0.hasPrefix(text) } })
            .disposed(by: disposeBag)
    }
}

/// The fixed twin: `[weak self]`.
public final class FixedSearchViewModel {
    public let query = PublishSubject<String>()
    public let results = BehaviorRelay<[String]>(value: [])
    private let catalogue: [String]
    private let disposeBag = DisposeBag()

    public init(catalogue: [String]) {
        self.catalogue = catalogue
        query
            .map { $0.lowercased() }
            .subscribe(onNext: { [weak self] text in
                guard let self else { return }
                self.results.accept(self.catalogue.filter { $0.hasPrefix(text) })
            })
            .disposed(by: disposeBag)
    }
}
