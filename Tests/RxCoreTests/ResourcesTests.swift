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
        // The count is process-wide and other tests' chains may still be
        // alive (their work finishing on a queue), so compare with before.
        let before = Resources.numberOfSerialDispatchQueueObservables
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "ResourcesTests")
        var onSerialQueue: Observable<Int>? = Observable.just(1).observe(on: serial)
        var onCurrentThread: Observable<Int>? = Observable.just(1).observe(on: CurrentThreadScheduler.instance)

        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before + 1)
        XCTAssertNotNil(onSerialQueue)
        onSerialQueue = nil
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before)
        XCTAssertNotNil(onCurrentThread)
        onCurrentThread = nil
    }
}
