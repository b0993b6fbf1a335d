@testable import Leaks
import XCTest

// Objects made in a check and left held from a global or static: through a
// closure the global keeps, a leak with the path from the global; through
// plain stored data, kept by design and listed with the global's name.

private final class Registry {
    var listeners: [() -> Void] = []
}

private enum ChangeFeed {
    static let shared = Registry()
}

private final class Thumbnail {}

private enum ImageCache {
    static var thumbnails: [String: Thumbnail] = [:]
}

private final class Profile {
    var refreshes = 0

    func follow() { ChangeFeed.shared.listeners.append { self.refreshes += 1 } }
    func followWeakly() { ChangeFeed.shared.listeners.append { [weak self] in self?.refreshes += 1 } }
}

final class RootSearchTests: XCTestCase {
    override func tearDown() {
        ChangeFeed.shared.listeners.removeAll()
        ImageCache.thumbnails.removeAll()
        super.tearDown()
    }

    func testAStaticOfTheCodeUnderTestIsARootNamedAsInTheSource() {
        let registry = ChangeFeed.shared
        let roots = GlobalRoots.roots(modules: TrackedModules(environment: "LeaksTests"))
        let address = UInt(bitPattern: Unmanaged.passUnretained(registry).toOpaque())
        XCTAssertTrue(
            roots.contains { $0.name == "ChangeFeed.shared" && $0.address == address }, "\(roots.map(\.name))")
        XCTAssertTrue(GlobalRoots.roots(modules: TrackedModules(environment: "")).isEmpty, "no module, no root")
    }

    func testAClosureAStaticKeepsThatCapturesTheObjectIsALeakWithThePathFromTheStatic() throws {
        weak var leaked: Profile?
        let report = LeakCheck.run { _ in
            let profile = Profile()
            profile.follow()
            leaked = profile
        }
        XCTAssertNotNil(leaked, "the registry's closure really keeps the profile")
        let leak = try XCTUnwrap(report.leaks.first { $0.typeName == "Profile" }, report.description)
        XCTAssertEqual(leak.kind, .retainedFromOutside, report.description)
        XCTAssertEqual(leak.pattern?.id, "global-keeps-closure", report.description)
        let path = try XCTUnwrap(leak.causes.first?.path, report.description)
        XCTAssertEqual(path.edges.first?.from.name, "ChangeFeed.shared", report.description)
        XCTAssertEqual(path.edges.first?.from.kind, .global, report.description)
        XCTAssertEqual(path.edges.last?.to.name, "Profile", report.description)
        XCTAssertEqual(path.edges.map(\.label), ["listeners[0]", "captures"], report.description)
        XCTAssertEqual(
            path.edges.first?.to.name, "closure given at RootSearchTests.swift:25", "the closure, where it was written")
        XCTAssertEqual(leak.causes.first?.reference, path.edges.last, "the suspect edge is the closure's capture")
        XCTAssertEqual(path.edges.map(\.isSuspect), [false, true], report.description)
        XCTAssertTrue(String(decoding: try report.jsonData(), as: UTF8.self).contains(#""isSuspect" : true"#))
        XCTAssertTrue(report.description.contains("ChangeFeed.shared"), report.description)
        XCTAssertEqual(report.leaks.count, 1, report.description)
        DocSample.assert(
            try DocSample.lines(in: "leak-checks.md", startingWith: "Profile leaked"), matches: report.description)
        ChangeFeed.shared.listeners.removeAll()
        XCTAssertNil(leaked, "removing the closure frees the profile")
    }

    func testTheWeakTwinIsClean() {
        weak var released: Profile?
        let report = LeakCheck.run { _ in
            let profile = Profile()
            profile.followWeakly()
            released = profile
        }
        XCTAssertNil(released)
        XCTAssertTrue(report.isClean, report.description)
    }

    func testPlainObjectsAStaticCacheKeepsAreKeptByDesignWithTheStaticsName() {
        weak var kept: Thumbnail?
        let report = LeakCheck.run { _ in
            let thumbnail = Thumbnail()
            ImageCache.thumbnails["avatar"] = thumbnail
            kept = thumbnail
        }
        XCTAssertNotNil(kept, "the cache really keeps the thumbnail")
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.keptAlive, ["Thumbnail (held from ImageCache.thumbnails)"], report.description)
    }
}

// A singleton made lazily in the check whose stored closure captures the singleton itself: the
// static keeps it whatever the closure does, so it is kept by design. Its look-alike's closure
// captures an object the test made and dropped: that object leaks.

private final class Clock {
    static let shared = Clock()
    var ticks = 0
    var tick: (() -> Void)?

    private init() { tick = { self.ticks += 1 } }
}

private final class Relay {
    static let shared = Relay()
    var onEvent: (() -> Void)?
}

private final class Banner {
    var shown = 0
}

extension RootSearchTests {
    func testASingletonMadeInTheCheckWhoseClosureCapturesItselfIsKeptByDesign() {
        weak var kept: Clock?
        let report = LeakCheck.run { _ in
            kept = Clock.shared
        }
        XCTAssertNotNil(kept, "the static keeps its clock")
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.keptAlive, ["Clock (held from Clock.shared)"], report.description)
        kept?.tick = nil
        XCTAssertNotNil(
            kept, "without the closure's capture the static still keeps it: the capture is not what holds it")
    }

    func testASingletonsClosureCapturingAnObjectTheTestDroppedLeaksThatObject() throws {
        weak var dropped: Banner?
        let report = LeakCheck.run { _ in
            let banner = Banner()
            Relay.shared.onEvent = { banner.shown += 1 }
            dropped = banner
        }
        XCTAssertNotNil(dropped, "the singleton's closure keeps the banner")
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Banner"], report.description)
        XCTAssertEqual(leak.kind, .retainedFromOutside, report.description)
        let path = try XCTUnwrap(leak.causes.first?.path, report.description)
        XCTAssertEqual(path.edges.first?.from.name, "Relay.shared", report.description)
        XCTAssertEqual(path.edges.map(\.label), ["onEvent", "captures"], report.description)
        XCTAssertEqual(path.edges.map(\.isSuspect), [false, true], report.description)
        XCTAssertEqual(report.keptAlive, ["Relay (held from Relay.shared)"], report.description)
        Relay.shared.onEvent = nil
        XCTAssertNil(dropped, "dropping the closure frees the banner")
    }
}
