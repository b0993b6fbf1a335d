import Uploads
import XCTest

final class UploaderTests: XCTestCase {
    func testStartReportsProgress() {
        weak var oracle: Uploader?
        do {
            let uploader = Uploader()
            uploader.start()
            XCTAssertEqual(uploader.progress, 0.5)
            oracle = uploader
        }
        XCTAssertNotNil(oracle, "the handler keeps the uploader: the leak rxleaks test names")
    }

    func testStartWeaklyReportsProgress() {
        weak var oracle: Uploader?
        do {
            let uploader = Uploader()
            uploader.startWeakly()
            XCTAssertEqual(uploader.progress, 0.5)
            oracle = uploader
        }
        XCTAssertNil(oracle, "nothing keeps the uploader")
    }
}
