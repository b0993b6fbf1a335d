import Foundation
@testable import Leaks
import RxCore
import XCTest

// Each growth kind of issue 53 beside its clean twin, judged by GrowthCheck and proven by an oracle
// that reads, after every run, what the holder really keeps (a count, or weak references).

private struct Entry { let name: String }

private final class EventLog {
    static let shared = EventLog()
    var entries: [Entry] = []
    var lastEntry: Entry?
}

private final class SessionService {
    static let shared = SessionService()
    let bag = DisposeBag()
    func watch(_ events: Observable<Int>) -> Disposable {
        let subscription = events.subscribe(onNext: { _ in })
        subscription.disposed(by: bag)
        return subscription
    }
}

private final class ProfileScreen {
    let bag = DisposeBag()
    func watch(_ events: Observable<Int>) -> Disposable {
        let subscription = events.subscribe(onNext: { _ in })
        subscription.disposed(by: bag)
        return subscription
    }
}

private extension Notification.Name {
    static let growthThemeChanged = Notification.Name("GrowthCheckTests.themeChanged")
}

/// Counts the deliveries of `.growthThemeChanged`: one per observer block the center keeps.
private enum ThemeDeliveries { nonisolated(unsafe) static var count = 0 }

private final class Theme {
    var token: NSObjectProtocol?
    func observe(removingInDeinit: Bool) {
        let token = NotificationCenter.default.addObserver(forName: .growthThemeChanged, object: nil, queue: nil) {
            [weak self] _ in
            ThemeDeliveries.count += 1
            self?.apply()
        }
        if removingInDeinit { self.token = token }
    }
    func apply() {}
    deinit { token.map(NotificationCenter.default.removeObserver) }
}

private final class Response {}

/// What a replaying subject is sent: alive as long as its buffer keeps it.
private final class FeedEvent {}

private final class ResponseCache {
    static let shared = ResponseCache()
    var responses: [String: Response] = [:]
}

private final class FeedService {
    static let shared = FeedService()
    let unbounded = ReplaySubject<FeedEvent>.createUnbounded()
    let latest = ReplaySubject<FeedEvent>.create(bufferSize: 1)
}

private final class Uploads {
    static let shared = Uploads()
    var pending: [DispatchWorkItem] = []
}

/// Made on first use and never again: what a single run cannot tell from growth.
private final class Formatters {
    static let shared = Formatters()
    let dateFormatter = DateFormatter()
}

final class GrowthCheckTests: XCTestCase {
    override func tearDown() {
        EventLog.shared.entries.removeAll()
        ResponseCache.shared.responses.removeAll()
        Uploads.shared.pending.removeAll()
        super.tearDown()
    }

    /// Runs `action` three times under a growth check, reading after each run what `oracle` counts.
    private func growthCheck(_ action: @escaping () -> Void, oracle: @escaping () -> Int) -> (
        report: GrowthReport, observed: [Int]
    ) {
        var observed: [Int] = []
        let report = GrowthCheck.run { _ in
            action()
            observed.append(oracle())
        }
        return (report, observed)
    }

    /// Objects of each run still alive: a weak-reference oracle.
    private final class Survivors {
        private var references: [() -> AnyObject?] = []
        func watch(_ object: AnyObject) { references.append { [weak object] in object } }
        var alive: Int { references.count { $0() != nil } }
    }

    private func assertGrows(
        _ result: (report: GrowthReport, observed: [Int]), root: String, node: String, patternID: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertTrue(
            Growth.rises(result.observed), "the oracle sees growth: \(result.observed)", file: file, line: line)
        let growth = try XCTUnwrap(
            result.report.growths.first { $0.root == root }, result.report.description, file: file, line: line)
        XCTAssertTrue(growth.node.contains(node), result.report.description, file: file, line: line)
        XCTAssertEqual(growth.perRun, 1, result.report.description, file: file, line: line)
        XCTAssertEqual(growth.counts.count, 3, result.report.description, file: file, line: line)
        XCTAssertEqual(growth.pattern.id, patternID, result.report.description, file: file, line: line)
        XCTAssertFalse(result.report.isClean, file: file, line: line)
    }

    private func assertFlat(
        _ result: (report: GrowthReport, observed: [Int]), file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            Set(result.observed.dropFirst()).count, 1, "the oracle sees none: \(result.observed)", file: file,
            line: line)
        XCTAssertTrue(result.report.growths.isEmpty, result.report.description, file: file, line: line)
    }

    func testEntriesAppendedToASingletonGrow() throws {
        let result = growthCheck({ EventLog.shared.entries.append(Entry(name: "opened")) }) {
            EventLog.shared.entries.count
        }
        try assertGrows(result, root: "EventLog.shared", node: "[Entry]", patternID: "growth-long-lived-collection")
        let growth = try XCTUnwrap(result.report.growths.first)
        XCTAssertEqual(growth.counts, [1, 2, 3], result.report.description)
        XCTAssertEqual(growth.path?.edges.first?.from.name, "EventLog.shared", result.report.description)
        XCTAssertTrue(growth.description.contains("EventLog.shared ─entries→ [Entry] +1 per run"), growth.description)
    }

    func testTheEntryReplacedEachRunIsNotGrowth() {
        assertFlat(
            growthCheck({ EventLog.shared.lastEntry = Entry(name: "opened") }) {
                EventLog.shared.lastEntry == nil ? 0 : 1
            })
    }

    func testSubscriptionsDisposedIntoASingletonsBagGrow() throws {
        let subscriptions = Survivors()
        let result = growthCheck({
            subscriptions.watch(SessionService.shared.watch(PublishSubject<Int>().asObservable()) as AnyObject)
        }) { subscriptions.alive }
        try assertGrows(
            result, root: "SessionService.shared", node: "subscribe, GrowthCheckTests.swift:21",
            patternID: "dispose-bag-sent-to-another-object")
        let growth = try XCTUnwrap(result.report.growths.first)
        XCTAssertTrue(
            growth.description.contains("SessionService.shared ─bag→ DisposeBag ─holds→ subscription"),
            growth.description)
        XCTAssertTrue(result.report.resourcesGrow, result.report.description)
    }

    func testSubscriptionsIntoTheScreensOwnBagDoNotGrow() {
        let subscriptions = Survivors()
        let result = growthCheck({
            subscriptions.watch(ProfileScreen().watch(PublishSubject<Int>().asObservable()) as AnyObject)
        }) { subscriptions.alive }
        assertFlat(result)
        XCTAssertFalse(result.report.resourcesGrow, result.report.description)
    }

    func testAWeakSelfObserverNeverRemovedGrows() throws {
        let result = growthCheck({
            let theme = Theme()
            withExtendedLifetime(theme) { theme.observe(removingInDeinit: false) }
        }) {
            ThemeDeliveries.count = 0
            NotificationCenter.default.post(name: .growthThemeChanged, object: nil)
            return ThemeDeliveries.count
        }
        try assertGrows(
            result, root: "NotificationCenter.default",
            node: "closure given to addObserver at GrowthCheckTests.swift:46",
            patternID: "growth-observer-never-removed")
    }

    func testAnObserverRemovedInDeinitDoesNotGrow() {
        assertFlat(
            growthCheck({
                let theme = Theme()
                withExtendedLifetime(theme) { theme.observe(removingInDeinit: true) }
            }) {
                ThemeDeliveries.count = 0
                NotificationCenter.default.post(name: .growthThemeChanged, object: nil)
                return ThemeDeliveries.count
            })
    }

    func testACacheKeyedByAFreshIDGrows() throws {
        let responses = Survivors()
        let result = growthCheck({
            let response = Response()
            responses.watch(response)
            ResponseCache.shared.responses[UUID().uuidString] = response
        }) { responses.alive }
        try assertGrows(
            result, root: "ResponseCache.shared", node: "[String: Response]",
            patternID: "growth-cache-keyed-by-fresh-value")
    }

    func testACacheKeyedByAStableIDDoesNotGrow() {
        let responses = Survivors()
        assertFlat(
            growthCheck({
                let response = Response()
                responses.watch(response)
                ResponseCache.shared.responses["profile"] = response
            }) { responses.alive })
    }

    func testAnUnboundedReplaySubjectInAServiceGrows() throws {
        let events = Survivors()
        let result = growthCheck({
            let event = FeedEvent()
            events.watch(event)
            FeedService.shared.unbounded.onNext(event)
        }) { events.alive }
        try assertGrows(result, root: "FeedService.shared", node: "FeedEvent", patternID: "growth-unbounded-replay")
    }

    func testAReplaySubjectWithABoundedBufferDoesNotGrow() {
        let events = Survivors()
        assertFlat(
            growthCheck({
                let event = FeedEvent()
                events.watch(event)
                FeedService.shared.latest.onNext(event)
            }) { events.alive })
    }

    func testWorkItemsKeptInAnArrayGrow() throws {
        let items = Survivors()
        let result = growthCheck({
            let item = DispatchWorkItem {}
            items.watch(item)
            Uploads.shared.pending.append(item)
        }) { items.alive }
        try assertGrows(
            result, root: "Uploads.shared", node: "DispatchWorkItem", patternID: "growth-long-lived-collection")
    }

    func testWorkItemsRemovedWhenPerformedDoNotGrow() {
        let items = Survivors()
        assertFlat(
            growthCheck({
                let item = DispatchWorkItem {}
                items.watch(item)
                Uploads.shared.pending.append(item)
                item.perform()
                Uploads.shared.pending.removeAll { $0 === item }
            }) { items.alive })
    }

    func testALazySingletonMadeOnTheFirstRunIsNotGrowth() {
        let formatters = Survivors()
        let result = growthCheck({
            formatters.watch(Formatters.shared)
            _ = Formatters.shared.dateFormatter.string(from: Date(timeIntervalSince1970: 0))
        }) { formatters.alive == 0 ? 0 : 1 }
        assertFlat(result)
        XCTAssertTrue(result.report.isClean, result.report.description)
    }
}
