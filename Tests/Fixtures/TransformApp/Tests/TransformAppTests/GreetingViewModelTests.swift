import RxSwift
import RxTest
import TransformApp
import XCTest

/// Keeps its scheduler, its hot test observable and its bag in properties,
/// and lets the bag go in `tearDown()`, as many app suites do.
final class GreetingViewModelTests: XCTestCase {
    private var scheduler: TestScheduler!
    private var names: TestableObservable<String>!
    private var disposeBag: DisposeBag!

    override func setUp() {
        super.setUp()
        scheduler = TestScheduler(initialClock: 0)
        names = scheduler.createHotObservable([.next(10, "Ada"), .next(20, "Grace")])
        disposeBag = DisposeBag()
    }

    override func tearDown() {
        disposeBag = nil
        super.tearDown()
    }

    func testGreetsEachName() {
        let output = GreetingViewModel().transform(input: .init(name: names.asObservable()), disposeBag: disposeBag)
        let observer = scheduler.createObserver(String.self)
        output.greeting.subscribe(observer).disposed(by: disposeBag)
        scheduler.start()
        XCTAssertEqual(observer.events.last, .next(20, "Hello, Grace"))
    }

    func testFixedGreetsEachName() {
        let output = FixedGreetingViewModel().transform(input: .init(name: names.asObservable()), disposeBag: disposeBag)
        let observer = scheduler.createObserver(String.self)
        output.greeting.subscribe(observer).disposed(by: disposeBag)
        scheduler.start()
        XCTAssertEqual(observer.events.last, .next(20, "Hello, Grace"))
    }
}
