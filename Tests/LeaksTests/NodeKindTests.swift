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

// RxCore operators that share one producer or sink class read by their own
// names, as each object records them, never by the shared class's.

private final class ScratchHolder {
    let ticks = PublishSubject<Int>()
    let stop = PublishSubject<Void>()
    var stored: Observable<Int>?
    var subscription: Disposable?
    var count = 0

    func storeSkipWhile() { stored = ticks.skip(while: { $0 < self.count }) }
    func subscribeTakeUntil() { subscription = ticks.take(until: stop).subscribe(onNext: { self.count = $0 }) }
}

final class NodeKindTests: XCTestCase {
    /// The cycle that leaks the object `make` returns once `body` ran on it,
    /// which a closure capturing it strongly closes; `release` breaks it after.
    private func leakedCycle<Object: AnyObject>(
        _ make: () -> Object, _ body: (Object) -> Void, release: (Object) -> Void
    ) throws -> (RetainCycle, LeakReport) {
        weak var leaked: Object?
        let report = LeakCheck.run { scope in
            let object = make()
            scope.track(object)
            body(object)
            leaked = object
        }
        XCTAssertNotNil(leaked, "the object really leaks")
        defer { leaked.map(release) }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.pattern?.id, "closure-strong-self", report.description)
        return (try XCTUnwrap(leak.cycle, report.description), report)
    }

    private func leakedCycle(of body: (ProfileScreen) -> Void) throws -> (RetainCycle, LeakReport) {
        try leakedCycle(ProfileScreen.init, body) {
            $0.profile.onChange = nil; $0.relay.relayed = nil
        }
    }

    private func leakedCycle(of body: (ScratchHolder) -> Void) throws -> (RetainCycle, LeakReport) {
        try leakedCycle(ScratchHolder.init, body) {
            $0.stored = nil; $0.subscription?.dispose()
        }
    }

    func testAStoredSkipWhileReadsAsSkipWhileNotAsItsSharedProducerClass() throws {
        let (cycle, report) = try leakedCycle { (holder: ScratchHolder) in holder.storeSkipWhile() }
        XCTAssertEqual(cycle.nodes.map(\.name).dropFirst().first, "SkipWhile", report.description)
        // The closure is one of the operator's parameters, which the shared producer keeps together.
        XCTAssertEqual(cycle.edges.map(\.label), ["stored", "SkipWhile.predicate", "captures"], report.description)
        XCTAssertFalse(report.description.contains("UnaryProducer"), report.description)
    }

    func testASubscribedTakeUntilReadsAsTakeUntilSinkNotAsItsSharedSinkClass() throws {
        let (cycle, report) = try leakedCycle { (holder: ScratchHolder) in holder.subscribeTakeUntil() }
        let sink = try XCTUnwrap(cycle.edges.first { $0.from.name == "TakeUntilSink" }, report.description)
        XCTAssertEqual(sink.label, "TakeUntilSink.observer", report.description)
        XCTAssertEqual(cycle.edges.first { $0.to.name == "TakeUntilSink" }?.label, "upstream", report.description)
        XCTAssertFalse(report.description.contains(" UntilSink"), report.description)
    }

    func testAUserClassNamedLikeASubjectIsAUserObject() throws {
        let (cycle, report) = try leakedCycle { (screen: ProfileScreen) in screen.bindProfile() }
        // A closure whose only capture is the screen has the screen as its context: its edge goes straight back.
        XCTAssertEqual(cycle.edges.map(\.label), ["profile", "onChange"], report.description)
        XCTAssertEqual(cycle.nodes.map(\.kind), [.object, .object], report.description)
        XCTAssertFalse(report.description.contains("observer"), report.description)
    }

    func testAUserClassNamedLikeARelayIsAUserObject() throws {
        let (cycle, report) = try leakedCycle { (screen: ProfileScreen) in screen.bindRelay() }
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
