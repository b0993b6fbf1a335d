import Foundation
import RxCore
import XCTest

final class ResourcesTests: RxTestCase {
    func testCountingByHandMovesTheTotalAndReturnsItsValueBefore() {
        let start = Resources.total

        XCTAssertEqual(Resources.incrementTotal(), start)
        XCTAssertEqual(Resources.total, start + 1)
        XCTAssertEqual(Resources.decrementTotal(), start + 1)
        XCTAssertEqual(Resources.total, start)
    }

    func testObserveOnASerialDispatchQueueIsCountedApart() {
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "ResourcesTests")
        var onSerialQueue: Observable<Int>? = Observable.just(1).observe(on: serial)
        var onCurrentThread: Observable<Int>? = Observable.just(1).observe(on: CurrentThreadScheduler.instance)

        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, 1)
        onSerialQueue = nil
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, 0)
        XCTAssertNotNil(onCurrentThread)
        onCurrentThread = nil
    }
}
