import RxSwift

public struct Profile: Equatable {
    public let name: String
    public init(name: String) { self.name = name }
}

/// Guide 000, "Handle functions": `flatMap(load(id:))` hands a method
/// reference to RxSwift, which captures `self` implicitly.
public final class ProfilePresenter {
    public let selectedID = PublishSubject<Int>()
    public private(set) var shown: [Profile] = []
    private let disposeBag = DisposeBag()

    public init() {}

    public func configure() {
        selectedID
            .flatMap(load(id:))
            .subscribe(onNext: { [weak self] in self?.shown.append($0) })
            .disposed(by: disposeBag)
    }

    private func load(id: Int) -> Observable<Profile> {
        .just(Profile(name: "user \(id)"))
    }
}

/// The fixed twin: a static function keeps `self` out of the closure.
public final class FixedProfilePresenter {
    public let selectedID = PublishSubject<Int>()
    public private(set) var shown: [Profile] = []
    private let disposeBag = DisposeBag()

    public init() {}

    public func configure() {
        selectedID
            .flatMap(FixedProfilePresenter.load(id:))
            .subscribe(onNext: { [weak self] in self?.shown.append($0) })
            .disposed(by: disposeBag)
    }

    private static func load(id: Int) -> Observable<Profile> {
        .just(Profile(name: "user \(id)"))
    }
}
