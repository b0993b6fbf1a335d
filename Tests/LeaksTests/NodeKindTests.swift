import Leaks
import RxCore
import XCTest

// What a node is comes from its type, never from its name: a user's class
// named like a subject or a relay is a user object.

private final class ProfileSubject {
    var onChange: (() -> Void)?
}

private final class MyRelay {
    var relayed: ((Int) -> Void)?
}

private final class ProfileScreen {
    let profile = ProfileSubject()
    let relay = MyRelay()
    var title = ""

    func bindProfile() { profile.onChange = { self.title = "changed" } }
    func bindRelay() { relay.relayed = { self.title = "\($0)" } }
}

private final class Counter {
    let taps = PublishSubject<Int>()
    let presses = PublishRelay<Int>()
    var count = 0

    func followTaps() { _ = taps.subscribe(onNext: { self.count += $0 }) }
    func followPresses() { _ = presses.subscribe(onNext: { self.count += $0 }) }
}

final class NodeKindTests: XCTestCase {
    private func leakedCycle(of body: (ProfileScreen) -> Void) throws -> (RetainCycle, LeakReport) {
        weak var leaked: ProfileScreen?
        let report = LeakCheck.run { scope in
            let screen = ProfileScreen()
            scope.track(screen)
            body(screen)
            leaked = screen
        }
        XCTAssertNotNil(leaked, "the screen really leaks")
        defer { leaked?.profile.onChange = nil; leaked?.relay.relayed = nil }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.pattern?.id, "closure-strong-self", report.description)
        return (try XCTUnwrap(leak.cycle, report.description), report)
    }

    func testAUserClassNamedLikeASubjectIsAUserObject() throws {
        let (cycle, report) = try leakedCycle { $0.bindProfile() }
        // A closure whose only capture is the screen has the screen as its context: its edge goes straight back.
        XCTAssertEqual(cycle.edges.map(\.label), ["profile", "onChange"], report.description)
        XCTAssertEqual(cycle.nodes.map(\.kind), [.object, .object], report.description)
        XCTAssertFalse(report.description.contains("observer"), report.description)
    }

    func testAUserClassNamedLikeARelayIsAUserObject() throws {
        let (cycle, report) = try leakedCycle { $0.bindRelay() }
        XCTAssertEqual(cycle.edges.map(\.label), ["relay", "relayed"], report.description)
        XCTAssertEqual(cycle.nodes.map(\.kind), [.object, .object], report.description)
    }

    func testRxCoreSubjectsAndRelaysAreSubjectsByType() throws {
        for follow in [Counter.followTaps, Counter.followPresses] {
            weak var leaked: Counter?
            let report = LeakCheck.run { scope in
                let counter = Counter()
                scope.track(counter)
                follow(counter)()
                leaked = counter
            }
            XCTAssertNotNil(leaked, "the counter really leaks")
            let cycle = try XCTUnwrap(report.leaks.first?.cycle, report.description)
            let subject = try XCTUnwrap(cycle.edges.first { $0.from.kind == .subject }, report.description)
            XCTAssertEqual(subject.label, "observer", report.description)
            XCTAssertEqual(
                cycle.edges.filter(\.isSuspect).map(\.label), ["captures"], "the closure's capture is the suspect edge")
            XCTAssertTrue(
                cycle.nodes.contains { $0.kind == .closure && $0.name.hasPrefix("closure given to subscribe") },
                report.description)
            let json = String(decoding: try report.jsonData(), as: UTF8.self)
            XCTAssertTrue(json.contains(#""kind" : "subject""#), json)
            leaked?.taps.dispose()
            leaked?.presses.accept(0)
        }
    }
}
