import LeakyApp
import RxSwift
import RxTest
import XCTest

final class CounterViewModelTests: XCTestCase {
    func testCountsTapsInSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let taps = scheduler.createHotObservable([.next(10, ()), .next(20, ())])
        let viewModel = CounterViewModel(input: .init(taps: taps.asObservable()), step: 2)
        let observer = scheduler.createObserver(Int.self)
        _ = viewModel.output.subscribe(observer)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 2), .next(20, 4)])
    }

    func testFixedCounterCountsTapsInSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let taps = scheduler.createHotObservable([.next(10, ()), .next(20, ())])
        let viewModel = FixedCounterViewModel(taps: taps.asObservable(), step: 2)
        let observer = scheduler.createObserver(Int.self)
        _ = viewModel.output.subscribe(observer)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 2), .next(20, 4)])
    }
}
