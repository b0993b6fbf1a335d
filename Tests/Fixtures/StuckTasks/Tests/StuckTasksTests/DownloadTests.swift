import Foundation
import StuckTasks
import XCTest

/// A task that can never resume and its fixed twins, with no leak code: each test's weak reference is the
/// oracle that proves the verdict `rxleaks test` must give.
final class DownloadTests: XCTestCase {
    func testAStalledDownload() async throws {
        weak var oracle: Downloader?
        do {
            let downloader = Downloader()
            Task { _ = await downloader.fetch() }
            oracle = downloader
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNotNil(oracle, "stuck: only the downloader its task keeps can resume it")
    }

    func testADownloadItsTransportDelivers() async throws {
        weak var oracle: FixedDownloader?
        let transport = Transport()
        do {
            let downloader = FixedDownloader(transport: transport)
            Task { _ = await downloader.fetch() }
            oracle = downloader
        }
        // The transport delivers a moment later, from a queue.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { transport.deliver() }
        try await Task.sleep(nanoseconds: 600_000_000)
        XCTAssertNil(oracle)
    }

    func testDownloadsInATaskGroup() async {
        weak var oracle: FixedDownloader?
        let transport = Transport()
        do {
            let downloader = FixedDownloader(transport: transport)
            oracle = downloader
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { transport.deliver() }
            let payloads = await withTaskGroup(of: String.self) { group in
                for _ in 0..<3 { group.addTask { await downloader.fetch() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(payloads, ["payload", "payload", "payload"])
        }
        XCTAssertNil(oracle)
    }
}
