import Foundation
import Probes
import XCTest

private final class Watched {
    var payload = [1, 2, 3]
}

final class RefCountsTests: XCTestCase {
    func testDeathWatchSeesAnObjectDieWithoutAWeakReference() {
        var object: Watched? = Watched()
        let watch = DeathWatch(object!)
        XCTAssertTrue(watch.isAlive)
        XCTAssertEqual(RefCounts.weak(object!), 1, "no side table: the watch is not a weak reference")
        object = nil
        XCTAssertFalse(watch.isAlive, "deinit ran; the memory is still held by the watch")
        watch.release()
        XCTAssertTrue(watch.isReleased)
        XCTAssertFalse(watch.isAlive)
        watch.release()
    }

    func testDeathWatchKeepsSeeingAKeptObjectAlive() {
        let object = Watched()
        let watch = DeathWatch(object)
        let unownedBefore = RefCounts.unowned(object)
        XCTAssertTrue(watch.isAlive)
        XCTAssertEqual(watch.objectAddress, UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
        watch.release()
        XCTAssertEqual(RefCounts.unowned(object), unownedBefore - 1, "release drops exactly one unowned reference")
        watch.release()
        XCTAssertEqual(RefCounts.unowned(object), unownedBefore - 1, "a second release does nothing")
        XCTAssertFalse(RefCounts.isDeallocating(object))
    }

    func testADeinitialisedWatchReleasesItsReference() {
        let object = Watched()
        let before = RefCounts.unowned(object)
        do {
            let watch = DeathWatch(object)
            XCTAssertEqual(RefCounts.unowned(object), before + 1)
            XCTAssertTrue(watch.isAlive)
        }
        XCTAssertEqual(RefCounts.unowned(object), before)
    }

    func testDeathWatchReleasesExactlyOnceAcrossThreads() {
        let objects = (0..<64).map { _ in Watched() }
        let unownedBefore = objects.map(RefCounts.unowned)
        let watches = objects.map(DeathWatch.init)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            for _ in 0..<100 { _ = watches[index].isAlive }
            watches[index].release()
            watches[(index + 1) % 64].release()
        }
        XCTAssertTrue(watches.allSatisfy(\.isReleased))
        XCTAssertFalse(watches.contains(where: \.isAlive))
        XCTAssertEqual(objects.map(RefCounts.unowned), unownedBefore)
    }

    func testCountsFollowReferences() {
        let object = Watched()
        let unmanaged = Unmanaged.passUnretained(object)
        let before = RefCounts.strong(object)
        for _ in 0..<10 { _ = unmanaged.retain() }
        let retained = RefCounts.strong(object)
        for _ in 0..<10 { unmanaged.release() }
        let after = RefCounts.strong(object)
        XCTAssertEqual(retained - after, 10)
        XCTAssertEqual(retained - before, 10)

        weak let weakReference = object
        XCTAssertEqual(RefCounts.weak(object), 2)
        XCTAssertNotNil(weakReference)
    }

    func testSnapshotDecodesTheHeaderLikeTheRuntime() throws {
        let object = Watched()
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let plain = try XCTUnwrap(RefCounts.snapshot(ofObjectAt: address))
        XCTAssertGreaterThanOrEqual(plain.strong, 1)
        XCTAssertEqual(plain.unowned, RefCounts.unowned(object))
        XCTAssertEqual(plain.weak, 0)
        XCTAssertFalse(plain.isDeiniting)
        XCTAssertFalse(plain.isImmortal)

        _ = Unmanaged.passUnretained(object).retain()
        let watch = DeathWatch(object)
        let retained = try XCTUnwrap(RefCounts.snapshot(ofObjectAt: address))
        XCTAssertEqual(retained.strong, plain.strong + 1)
        XCTAssertEqual(retained.unowned, plain.unowned + 1)

        weak let weakReference = object
        let sideTable = try XCTUnwrap(RefCounts.snapshot(ofObjectAt: address), "read through the side table")
        XCTAssertEqual(sideTable.strong, retained.strong)
        XCTAssertEqual(sideTable.unowned, retained.unowned)
        XCTAssertEqual(sideTable.weak, RefCounts.weak(object))
        XCTAssertEqual(sideTable.weak, 2)
        XCTAssertNotNil(weakReference)

        watch.release()
        Unmanaged.passUnretained(object).release()
        XCTAssertNil(RefCounts.snapshot(ofObjectAt: 0x10))
    }

    func testSnapshotSeesDeinitBegin() throws {
        var object: Watched? = Watched()
        let watch = DeathWatch(object!)
        object = nil
        let snapshot = try XCTUnwrap(RefCounts.snapshot(ofObjectAt: watch.objectAddress))
        XCTAssertTrue(snapshot.isDeiniting)
        XCTAssertEqual(snapshot.strong, 0)
        watch.release()
    }
}
