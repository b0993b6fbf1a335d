import Foundation
import StuckTasks
import Testing

/// DownloadTests' stalled download, its fixed twin and its task group, in Swift Testing.
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

    @Test func downloadsInATaskGroup() async {
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
            #expect(payloads == ["payload", "payload", "payload"])
        }
        #expect(oracle == nil)
    }
}
