import Foundation
import HeldFixes
import XCTest

final class HeldFixesTests: XCTestCase {
    func testQueuedSaverSchedules() {
        let saver = QueuedSaver()
        saver.scheduleSave()
        XCTAssertEqual(saver.saves, 0)
    }

    func testSizeObserverCounts() {
        let observer = SizeObserver()
        NotificationCenter.default.post(name: .sizeChanged, object: nil)
        XCTAssertEqual(observer.changes, 1)
    }
}
