@testable import Leaks
import Probes
import XCTest

private final class Target {}

private struct Pair {
    var count = 1
    var first: Target?
    var second: Target
}

/// Every kind of field a plan reads, set and unset.
private final class Planned {
    var strong = Target()
    var optional: Target?
    weak var weakPeer: Target?
    unowned var unownedPeer: Target
    unowned(unsafe) var unsafePeer: Target
    var pair: Pair
    var tuple: (Int, Target)
    var object: AnyObject
    var number = 7

    init(peer: Target, optional: Target?) {
        self.optional = optional
        weakPeer = peer
        unownedPeer = peer
        unsafePeer = peer
        pair = Pair(first: optional, second: peer)
        tuple = (1, peer)
        object = peer
    }
}

/// A closure field: no plan, read by reflection each time.
private final class Unplanned {
    var handler: () -> Void = {}
    var peer = Target()
}

/// The graph walk reads the second and later instances of a class through the
/// class's ``FieldPlan``: what it finds must be what reflection finds.
final class FieldPlanTests: XCTestCase {
    func testAPlannedReadFindsWhatReflectionFinds() throws {
        let peer = Target()
        let objects: [AnyObject] = [
            Planned(peer: peer, optional: Target()), Planned(peer: peer, optional: nil),
            Planned(peer: peer, optional: peer), Unplanned(), Unplanned(),
        ]
        let inspector = HeapInspector()
        var nodes = HeapNodes()
        // Each class is met once before, as a walk meets it.
        for object in objects.prefix(1) + objects.suffix(1) { _ = try read(object, inspector, &nodes) }
        XCTAssertEqual(nodes.types.plannedTypeCount, 1, "Planned gets a plan, Unplanned (a closure field) does not")
        for object in objects {
            // The same words both ways (reference counts included); fresh nodes read by reflection.
            let words = try leadingWords(of: object)
            var fresh = HeapNodes()
            XCTAssertTrue(inspector.read(at: address(of: object), leadingWords: words, into: &fresh))
            XCTAssertTrue(inspector.read(at: address(of: object), leadingWords: words, into: &nodes))
            let reflected = fresh.node(0), planned = nodes.node(nodes.count - 1)
            XCTAssertEqual(planned.references, reflected.references)
            XCTAssertEqual(planned.name, reflected.name)
            XCTAssertEqual(planned.typeName, reflected.typeName)
            XCTAssertEqual(planned.isLibrary, reflected.isLibrary)
            XCTAssertEqual(planned.strongCount, reflected.strongCount)
            XCTAssertNil(planned.closure)
        }
        let first = try read(objects[0], inspector, &nodes)
        XCTAssertEqual(
            first.references.map(\.label),
            [
                "strong", "optional", "weakPeer", "unownedPeer", "unsafePeer",
                "pair.first", "pair.second", "tuple.", "object",
            ])
        XCTAssertEqual(
            first.references.map(\.kind),
            [.strong, .strong, .weak, .unowned, .unownedUnsafe, .strong, .strong, .strong, .strong])
        withExtendedLifetime(objects) {}
    }

    private func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    private func leadingWords(of object: AnyObject) throws -> ArraySlice<UInt> {
        try XCTUnwrap(
            Memory.readWords(at: [address(of: object)], count: ReflectionProbe.leadingWordCount).first ?? nil)[...]
    }

    private func read(_ object: AnyObject, _ inspector: HeapInspector, _ nodes: inout HeapNodes) throws -> HeapNode {
        XCTAssertTrue(inspector.read(at: address(of: object), leadingWords: try leadingWords(of: object), into: &nodes))
        return nodes.node(nodes.count - 1)
    }
}
