import LeakTesting
import Leaks
import XCTest

// Delegates, stored closures and a NotificationCenter-style observer table:
// each leaking form is found with its cycle, each fixed form is clean.

private protocol DownloadDelegate: AnyObject {
    func downloadFinished()
}

private final class Downloader {
    var strongDelegate: DownloadDelegate?
    weak var delegate: DownloadDelegate?
    var onProgress: ((Double) -> Void)?
}

private final class DownloadScreen: DownloadDelegate {
    let downloader = Downloader()
    var progress = 0.0

    func downloadFinished() {}

    func startLeaking() {
        downloader.strongDelegate = self
        downloader.onProgress = { self.progress = $0 }
    }

    func startFixed() {
        downloader.delegate = self
        downloader.onProgress = { [weak self] in self?.progress = $0 }
    }
}

/// A NotificationCenter-style table of observers, keyed by token.
private final class EventCenter {
    private var observers: [Int: () -> Void] = [:]
    private var nextToken = 0

    func observe(_ handler: @escaping () -> Void) -> Int {
        nextToken += 1
        observers[nextToken] = handler
        return nextToken
    }

    func remove(_ token: Int) { observers[token] = nil }
}

private final class SettingsScreen {
    let center: EventCenter
    var refreshes = 0
    var token = 0

    init(center: EventCenter) { self.center = center }

    func listenLeaking() { token = center.observe { self.refreshes += 1 } }
    func listenFixed() { token = center.observe { [weak self] in self?.refreshes += 1 } }
}

final class PlainSwiftLeakTests: XCTestCase {
    func testNoIntegrationIsRegisteredWithoutRxCore() {
        XCTAssertTrue(LeakIntegrations.all.isEmpty, "\(LeakIntegrations.all)")
    }

    func testStrongDelegateAndStoredClosureAreACycle() throws {
        weak var leaked: DownloadScreen?
        let report = LeakCheck.run { scope in
            let screen = DownloadScreen()
            scope.track(screen)
            screen.startLeaking()
            leaked = screen
        }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.typeName, "DownloadScreen")
        XCTAssertEqual(leak.kind, .cycle, report.description)
        let cycle = leak.cycle?.description ?? ""
        XCTAssertTrue(cycle.contains("─downloader→ Downloader"), cycle)
        XCTAssertTrue(
            cycle.contains("─strongDelegate→ DownloadScreen") || cycle.contains("─onProgress→ DownloadScreen"), cycle)
        leaked?.downloader.strongDelegate = nil
        leaked?.downloader.onProgress = nil
        XCTAssertNil(leaked)
    }

    func testWeakDelegateAndWeakCaptureAreClean() {
        assertNoLeaks { scope in
            let screen = DownloadScreen()
            scope.track(screen)
            screen.startFixed()
        }
    }

    func testObserverTableThatCapturesTheObserverIsACycle() throws {
        weak var leaked: SettingsScreen?
        let report = LeakCheck.run { scope in
            let screen = SettingsScreen(center: EventCenter())
            scope.track(screen)
            screen.listenLeaking()
            leaked = screen
        }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.kind, .cycle, report.description)
        XCTAssertTrue(leak.cycle?.description.contains("─center→ EventCenter") ?? false, report.description)
        XCTAssertTrue(leak.cycle?.description.contains("─observers[1]→ SettingsScreen") ?? false, report.description)
        leaked.map { $0.center.remove($0.token) }
        XCTAssertNil(leaked)
    }

    func testObserverTableWithAWeakCaptureIsClean() {
        assertNoLeaks { scope in
            let screen = SettingsScreen(center: EventCenter())
            scope.track(screen)
            screen.listenFixed()
        }
    }
}
