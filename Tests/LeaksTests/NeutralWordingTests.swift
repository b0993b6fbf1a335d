import Leaks
import RxCore
import XCTest

// A cycle that goes through no RxCore object is reported in the engine's own
// words, even with RxCore's integration registered: a gesture recogniser's
// closure is not an Rx leak.

private final class GestureRecognizer {
    var action: (() -> Void)?
}

private final class PhotoViewer {
    let pinch = GestureRecognizer()
    var zoom = 1.0

    func attach() {
        pinch.action = { self.zoom *= 2 }
    }
}

final class NeutralWordingTests: XCTestCase {
    func testAPlainSwiftCycleIsReportedWithoutRxWords() throws {
        XCTAssertFalse(LeakIntegrations.all.isEmpty, "RxCore's integration is linked into this test target")
        weak var leaked: PhotoViewer?
        let report = LeakCheck.run { scope in
            let viewer = PhotoViewer()
            scope.track(viewer)
            viewer.attach()
            leaked = viewer
        }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.pattern?.id, "closure-strong-self", report.description)
        XCTAssertNil(leak.pattern?.source, report.description)
        for word in ["bag", "subscription", "RxCore", "Rx ", "guide"] {
            XCTAssertFalse(report.description.contains(word), "\(word) in:\n\(report)")
        }
        leaked?.pinch.action = nil
    }
}
