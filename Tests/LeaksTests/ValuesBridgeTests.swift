import Leaks
import RxCore
import XCTest

/// RxCore's async bridges subscribe for the code that asks for `values` or `value`: their subscriptions
/// are placed there, not inside RxCore, and so is the observable `asObservable()` makes of an async sequence.
final class ValuesBridgeTests: XCTestCase {
    func testTheSubscriptionOfValuesIsPlacedAtTheCallerOfValues() throws {
        let site = try siteOfTheSubscriptionKept { subject in subject.values }
        XCTAssertEqual(site, "ValuesBridgeTests.swift:\(#line - 1)")
    }

    func testTheSubscriptionOfAnInfalliblesValuesIsPlacedAtTheCallerOfValues() throws {
        let site = try siteOfTheSubscriptionKept { subject in subject.asInfallible(onErrorJustReturn: 0).values }
        XCTAssertEqual(site, "ValuesBridgeTests.swift:\(#line - 1)")
    }

    func testTheSubscriptionOfASinglesValueIsPlacedAtTheCallerOfValue() async throws {
        let site = try await siteOfTheSubscriptionAwaited { subject in
            Task { _ = try await subject.asSingle().value }
        }
        XCTAssertEqual(site, "ValuesBridgeTests.swift:\(#line - 2)")
    }

    func testTheSubscriptionOfAMaybesValueIsPlacedAtTheCallerOfValue() async throws {
        let site = try await siteOfTheSubscriptionAwaited { subject in
            Task { _ = try await subject.asMaybe().value }
        }
        XCTAssertEqual(site, "ValuesBridgeTests.swift:\(#line - 2)")
    }

    func testTheSubscriptionOfACompletablesValueIsPlacedAtTheCallerOfValue() async throws {
        let site = try await siteOfTheSubscriptionAwaited { subject in
            Task { try await subject.ignoreElements().asCompletable().value }
        }
        XCTAssertEqual(site, "ValuesBridgeTests.swift:\(#line - 2)")
    }

    func testTheObservableOfAnAsyncSequenceIsPlacedAtTheCallerOfAsObservable() throws {
        weak var leaked: Feed?
        let report = LeakCheck.run("feed kept by its own observable") { scope in
            let feed = Feed()
            feed.observable = FeedSequence(feed: feed).asObservable()
            scope.track(feed)
            leaked = feed
        }
        // The cycle is broken once judged: scripts/leak-check's LeakSanitizer would report it.
        defer { leaked?.observable = nil }
        let cycle = try XCTUnwrap(report.leaks.first?.cycle, report.description)
        XCTAssertTrue(cycle.description.contains("ValuesBridgeTests.swift:\(#line - 7)"), report.description)
    }

    /// Where the subscription that the stream `make` makes over a subject is placed, read in the leak check that
    /// made it while the stream is kept; the subject then completes.
    private func siteOfTheSubscriptionKept(by make: (PublishSubject<Int>) -> Any) throws -> String {
        let subject = PublishSubject<Int>()
        var stream: Any?
        let report = LeakCheck.run("values left") { _ in
            stream = make(subject)
        }
        defer {
            subject.onCompleted()
            stream = nil
        }
        XCTAssertNotNil(stream)
        return try XCTUnwrap(report.liveSubscriptions.first, report.description).site.description
    }

    /// Where the subscription a task `start` makes over a subject that never emits is placed, read in the leak
    /// check that made it while the task still awaits; the task is then cancelled.
    private func siteOfTheSubscriptionAwaited(
        by start: @escaping @Sendable (PublishSubject<Int>) -> Task<Void, Error>
    ) async throws -> String {
        let subject = PublishSubject<Int>()
        var task: Task<Void, Error>?
        let report = await LeakCheck.run("value awaited") { _ in
            task = start(subject)
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(2))
            while !subject.hasObservers, clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        }
        task?.cancel()
        _ = await task?.result
        return try XCTUnwrap(report.liveSubscriptions.first, report.description).site.description
    }
}

/// A feed that keeps the observable made of its own sequence.
private final class Feed: @unchecked Sendable {
    var observable: Observable<Int>?
}

/// An async sequence that keeps its feed: the observable made of it keeps the feed through the closure
/// `asObservable()` hands to `Observable.create`.
private struct FeedSequence: AsyncSequence, @unchecked Sendable {
    typealias Element = Int
    let feed: Feed

    func makeAsyncIterator() -> AsyncStream<Int>.Iterator {
        AsyncStream<Int> { $0.finish() }.makeAsyncIterator()
    }
}
