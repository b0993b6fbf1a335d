import RxRelay
import RxSwift

/// The guide's "dispose bag" case: `transform(input:disposeBag:)` subscribes
/// with the caller's bag, and the subscription's closure captures that bag to
/// dispose a nested subscription into it. The bag then holds a subscription
/// that holds the bag: they live as long as the source keeps its observers.
public final class GreetingViewModel {
    public struct Input {
        public let name: Observable<String>
        public init(name: Observable<String>) { self.name = name }
    }

    public struct Output {
        public let greeting: Observable<String>
    }

    public init() {}

    public func transform(input: Input, disposeBag: DisposeBag) -> Output {
        let greeting = BehaviorRelay(value: "")
        input.name
            .subscribe(onNext: { name in
                Observable.just("Hello, \(name)").bind(to: greeting).disposed(by: disposeBag)
            })
            .disposed(by: disposeBag)
        return Output(greeting: greeting.asObservable())
    }
}

/// The fixed twin: the greeting is bound, and no closure captures the bag.
public final class FixedGreetingViewModel {
    public init() {}

    public func transform(input: GreetingViewModel.Input, disposeBag: DisposeBag) -> GreetingViewModel.Output {
        let greeting = BehaviorRelay(value: "")
        input.name.map { "Hello, \($0)" }.bind(to: greeting).disposed(by: disposeBag)
        return GreetingViewModel.Output(greeting: greeting.asObservable())
    }
}
