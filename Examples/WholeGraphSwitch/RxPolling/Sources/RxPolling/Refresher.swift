import RxRelay
import RxSwift

/// Reloads its items whenever its trigger fires. It leaks on purpose: the closure given to `map` (line 15,
/// which the app's test names) captures `self` strongly, and `self`'s bag holds the subscription that
/// holds that closure.
public final class Refresher {
    public let items = BehaviorRelay<[String]>(value: [])
    private let disposeBag = DisposeBag()

    public init(trigger: Observable<Void>, load: @escaping () -> Observable<[String]>) {
        trigger
            .flatMapLatest { load() }
            // The planted leak: `[weak self]` (or a static `sorted`) would fix it.
            .map { self.sorted($0) }
            .bind(to: items)
            .disposed(by: disposeBag)
    }

    private func sorted(_ items: [String]) -> [String] {
        items.sorted()
    }
}
