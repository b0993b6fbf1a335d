import Foundation
import StuckTasks
import Testing

/// DownloadTests' stalled download and its fixed twin, in Swift Testing.
@Suite struct DownloadSuite {
    @Test func aStalledDownload() async throws {
        weak var oracle: Downloader?
        do {
            let downloader = Downloader()
            Task { _ = await downloader.fetch() }
            oracle = downloader
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle != nil, "stuck: only the downloader its task keeps can resume it")
    }

    @Test func aDownloadItsTransportDelivers() async throws {
        weak var oracle: FixedDownloader?
        let transport = Transport()
        do {
            let downloader = FixedDownloader(transport: transport)
            Task { _ = await downloader.fetch() }
            oracle = downloader
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { transport.deliver() }
        try await Task.sleep(nanoseconds: 600_000_000)
        #expect(oracle == nil)
    }
}
