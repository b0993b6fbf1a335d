import RxRelay
import RxSwift

/// Guide 002, `lazy var output = transform(input:)`: the transformation reads
/// `self.step`, so the output it stores holds `self`.
public final class CounterViewModel {
    public struct Input {
        public let taps: Observable<Void>
        public init(taps: Observable<Void>) { self.taps = taps }
    }

    public let input: Input
    public lazy var output: Observable<Int> = transform(input: input)
    private let step: Int
    private let disposeBag = DisposeBag()
    public private(set) var latest = 0

    public init(input: Input, step: Int = 1) {
        self.input = input
        self.step = step
    }

    public func start() {
        output.subscribe(onNext: { [weak self] in self?.latest = $0 }).disposed(by: disposeBag)
    }

    private func transform(input: Input) -> Observable<Int> {
        input.taps.scan(0) { total, _ in total + self.step }
    }
}

/// The fixed twin: the step is captured by value.
public final class FixedCounterViewModel {
    public let output: Observable<Int>

    public init(taps: Observable<Void>, step: Int = 1) {
        output = taps.scan(0) { total, _ in total + step }
    }
}
