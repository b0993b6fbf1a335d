import Foundation
import Probes
import Synchronization
import XCTest

private final class Target {
    func f(_ x: Int) -> Int { x }
}

private final class Owner {
    let other = Target()

    func f(_ x: Int) -> Int { x }
    func strongSelf() -> (Int) -> Int { { self.f($0) } }
    func methodReference() -> (Int) -> Int { f }
    func weakSelf() -> (Int) -> Int { { [weak self] in self?.f($0) ?? 0 } }
    func unownedSelf() -> (Int) -> Int { { [unowned self] in self.f($0) } }
    func weakSelfBesideStrongOther() -> (Int) -> Int {
        { [weak self, other] in (self?.f($0) ?? 0) + other.f($0) }
    }
}

private class Base {
    var inherited = Target()
}

private final class Derived: Base {
    var own = Target()
    var optional: Target? = Target()
    var missing: Target?
    var any: Any = Target()
    var objects = [Target(), Target()]
    weak var weakTarget: Target?
}

private final class Optionals {
    enum State { case running(Target), idle, stopped }
    var object: Target? = Target()
    var noObject: Target?
    var closure: (() -> Void)? = { print(1) }
    var noClosure: (() -> Void)?
    var state = State.running(Target())
}

private final class Generic<Value> {
    var value: Value
    var count = 0
    init(_ value: Value) { self.value = value }
}

private final class Sink<Element> {
    let handler: (Element) -> Int
    init(_ handler: @escaping (Element) -> Int) { self.handler = handler }
}

/// Only ever fields' types: the metadata of `any FirstMadeDuringTheQuery`
/// and its siblings does not exist until the probe asks the runtime for the
/// types of those fields, one after the other, each allocated near the last.
private protocol FirstMadeDuringTheQuery {}
private protocol SecondMadeDuringTheQuery {}
private protocol ThirdMadeDuringTheQuery {}
private protocol FourthMadeDuringTheQuery {}
private final class Canceller: FirstMadeDuringTheQuery, SecondMadeDuringTheQuery, ThirdMadeDuringTheQuery,
    FourthMadeDuringTheQuery
{}

/// RemoteMirror cannot lay this class out whole (the `Atomic`), so the probe
/// lays out each field from the type the runtime gives, inside its query.
private final class HolderOfFreshExistentials {
    let flag = Atomic<Int>(0)
    let first: any FirstMadeDuringTheQuery = Canceller()
    let second: any SecondMadeDuringTheQuery = Canceller()
    let third: any ThirdMadeDuringTheQuery = Canceller()
    let fourth: any FourthMadeDuringTheQuery = Canceller()
}

private func address(of object: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
}

final class ReflectionTests: XCTestCase {
    private var probe: ReflectionProbe { ReflectionProbe.shared }

    override func setUpWithError() throws {
        try ReflectionProbe.shared.requireAvailable()
    }

    private func contextLayout<F>(of closure: F) throws -> (context: UInt, layout: InstanceLayout) {
        let context = try XCTUnwrap(ClosureContext.of(stored: closure))
        return (context, try XCTUnwrap(probe.layout(ofInstanceAt: context)))
    }

    func testASingleStrongCaptureMakesTheObjectItselfTheContext() throws {
        let owner = Owner()
        for closure in [owner.strongSelf(), owner.methodReference()] {
            let context = try XCTUnwrap(ClosureContext.of(closure))
            XCTAssertEqual(context, address(of: owner))
            let layout = try XCTUnwrap(probe.layout(ofInstanceAt: context))
            XCTAssertEqual(layout.kind, .classInstance)
            XCTAssertEqual(layout.typeName, "ProbesTests.Owner")
            withExtendedLifetime(closure) {}
        }
    }

    func testWeakSelfIsAWeakCaptureInAContext() throws {
        let owner = Owner()
        let closure = owner.weakSelf()
        let (context, layout) = try contextLayout(of: closure)
        XCTAssertNotEqual(context, address(of: owner))
        XCTAssertEqual(layout.kind, .closureContext)
        XCTAssertEqual(layout.fields.map(\.kind), [.weak])
        XCTAssertEqual(layout.fields.map(\.offset), [16])
        XCTAssertEqual(layout.fields[0].typeName, "Swift.Optional<ProbesTests.Owner>")
        XCTAssertEqual(probe.typeName(ofObjectAt: context), "closure context")
        withExtendedLifetime(closure) {}
    }

    func testUnownedSelfIsAnUnownedCaptureHoldingTheObject() throws {
        let owner = Owner()
        let closure = owner.unownedSelf()
        let (context, layout) = try contextLayout(of: closure)
        XCTAssertEqual(layout.kind, .closureContext)
        XCTAssertEqual(layout.fields.map(\.kind), [.unowned])
        XCTAssertEqual(Memory.readWord(context + UInt(layout.fields[0].offset)), address(of: owner))
        withExtendedLifetime(closure) {}
    }

    func testAWeakCaptureBesideAStrongOneGoesThroughABox() throws {
        let owner = Owner()
        let closure = owner.weakSelfBesideStrongOther()
        let (context, layout) = try contextLayout(of: closure)
        XCTAssertEqual(layout.kind, .closureContext)
        XCTAssertEqual(layout.fields.map(\.kind), [.strong, .strong])
        XCTAssertEqual(layout.fields.map(\.offset), [16, 24])
        XCTAssertEqual(layout.fields[1].typeName, "ProbesTests.Target")
        XCTAssertEqual(Memory.readWord(context + 24), address(of: owner.other))

        // The weak reference sits in a box the context holds strongly.
        XCTAssertEqual(layout.fields[0].typeName, "<> { var weak Swift.Optional<ProbesTests.Owner> } <>")
        let boxAddress = try XCTUnwrap(Memory.readWord(context + 16))
        let box = try XCTUnwrap(probe.layout(ofInstanceAt: boxAddress))
        XCTAssertEqual(box.kind, .closureContext)
        XCTAssertEqual(box.fields.map(\.kind), [.weak])
        XCTAssertEqual(box.fields.first?.typeName, "Swift.Optional<ProbesTests.Owner>")
        XCTAssertNotEqual(
            Memory.readWord(boxAddress + UInt(box.fields[0].offset)), address(of: owner),
            "a weak reference stores the side table, not the object")
        withExtendedLifetime(closure) {}
    }

    func testACapturedVarLivesInABox() throws {
        var counter = 41
        let closure = { () -> Int in
            counter += 1; return counter
        }
        let (context, layout) = try contextLayout(of: closure)
        let box: InstanceLayout
        if layout.fields.count == 1, layout.fields[0].kind == .strong,
            let boxAddress = Memory.readWord(context + UInt(layout.fields[0].offset))
        {
            box = try XCTUnwrap(probe.layout(ofInstanceAt: boxAddress))
        } else {
            box = layout
        }
        XCTAssertNotEqual(box.kind, .classInstance)
        let value = try XCTUnwrap(box.fields.first)
        XCTAssertEqual(value.typeName, "Swift.Int")
        XCTAssertEqual(Memory.readWord(box.address + UInt(value.offset)), 41)
        XCTAssertEqual(closure(), 42)
    }

    func testAGenericBoxNamesItsValueType() throws {
        func makeCounter<T>(_ start: T) -> () -> T {
            var value = start
            return {
                value = start; return value
            }
        }
        let target = Target()
        let closure = makeCounter(target)
        let (context, layout) = try contextLayout(of: closure)
        let all = layout.fields.flatMap(\.flattened)
        let boxReference = all.first { $0.kind == .strong && $0.typeName?.contains("Target") != true }
        let boxAddress = try XCTUnwrap(boxReference.flatMap { Memory.readWord(context + UInt($0.offset)) })
        let box = try XCTUnwrap(probe.layout(ofInstanceAt: boxAddress), "\(layout)")
        XCTAssertEqual(box.kind, .genericBox)
        XCTAssertTrue(box.typeName?.hasSuffix("Target") == true, "\(box)")
        XCTAssertEqual(box.fields.first?.kind, .strong)
        XCTAssertEqual(box.fields.first.flatMap { Memory.readWord(boxAddress + UInt($0.offset)) }, address(of: target))
        withExtendedLifetime(closure) {}
    }

    func testSuperclassFieldsAreMergedWithTheirOffsets() throws {
        let object = Derived()
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: address(of: object)))
        XCTAssertEqual(layout.kind, .classInstance)
        XCTAssertTrue(layout.typeName?.hasSuffix("Derived") == true)
        XCTAssertEqual(layout.fields.first?.name, "inherited")
        XCTAssertEqual(layout.fields.first?.offset, 16)
        XCTAssertEqual(
            layout.fields.first.flatMap { Memory.readWord(address(of: object) + UInt($0.offset)) },
            address(of: object.inherited))
        let own = try XCTUnwrap(layout.fields.first { $0.name == "own" })
        XCTAssertEqual(own.offset, 24)
        XCTAssertEqual(own.kind, .strong)
        XCTAssertEqual(layout.fields.first { $0.name == "weakTarget" }?.kind, .weak)
        XCTAssertEqual(layout.size, probe.instanceSize(ofObjectAt: address(of: object)))
    }

    func testAnOptionalIsAnEnumWithAStrongPayload() throws {
        let object = Derived()
        let base = address(of: object)
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: base))
        let optional = try XCTUnwrap(layout.fields.first { $0.name == "optional" })
        XCTAssertEqual(optional.kind, .enumeration)
        XCTAssertEqual(optional.typeName?.hasPrefix("Swift.Optional<"), true)
        let some = try XCTUnwrap(optional.children.first { $0.name == "some" })
        XCTAssertEqual(some.kind, .strong)
        XCTAssertEqual(some.offset, optional.offset)
        XCTAssertEqual(Memory.readWord(base + UInt(some.offset)), address(of: object.optional!))
        XCTAssertEqual(probe.activeCase(at: base, of: optional).map { optional.children[$0].name }, "some")
        let missing = try XCTUnwrap(layout.fields.first { $0.name == "missing" })
        XCTAssertEqual(probe.activeCase(at: base, of: missing).map { missing.children[$0].name }, "none")
        XCTAssertNil(probe.activeCase(at: base, of: some), "not an enum")
    }

    func testOptionalReferencesAndClosuresAreReadWithoutRemoteMirror() throws {
        let object = Optionals()
        let base = address(of: object)
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: base))
        func fastCase(_ name: String) throws -> String? {
            let field = try XCTUnwrap(layout.fields.first { $0.name == name })
            let word = try XCTUnwrap(Memory.readWord(base &+ UInt(field.offset)))
            return ReflectionProbe.optionalReferenceCase(of: field, firstWord: word).map {
                field.children[$0].name ?? "?"
            }
        }
        XCTAssertEqual(try fastCase("object"), "some")
        XCTAssertEqual(try fastCase("noObject"), "none")
        XCTAssertEqual(try fastCase("closure"), "some")
        XCTAssertEqual(try fastCase("noClosure"), "none")
        XCTAssertNil(try fastCase("state"), "an enum of three cases goes through RemoteMirror")
        let state = try XCTUnwrap(layout.fields.first { $0.name == "state" })
        XCTAssertEqual(probe.activeCase(at: base, of: state).map { state.children[$0].name }, "running")
    }

    func testAnExistentialProjectsToItsValue() throws {
        let object = Derived()
        let base = address(of: object)
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: base))
        let any = try XCTUnwrap(layout.fields.first { $0.name == "any" })
        XCTAssertEqual(any.kind, .opaqueExistential)
        XCTAssertEqual(any.typeName, "Any")
        let value = try XCTUnwrap(probe.existentialValue(at: base, of: any))
        XCTAssertTrue(value.typeName?.hasSuffix("Target") == true)
        XCTAssertEqual(value.value.kind, .strong)
        XCTAssertEqual(Memory.readWord(value.valueAddress), address(of: object.any as AnyObject))

        object.any = (1, 2.5)
        let tuple = try XCTUnwrap(probe.existentialValue(at: base, of: any))
        XCTAssertEqual(tuple.value.kind, .tuple)
        XCTAssertEqual(Memory.readWord(tuple.valueAddress), 1)
        XCTAssertNil(probe.existentialValue(at: base, of: layout.fields[0]))
    }

    func testArrayStorageListsTheElements() throws {
        let object = Derived()
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: address(of: object)))
        let objects = try XCTUnwrap(layout.fields.first { $0.name == "objects" })
        XCTAssertEqual(objects.kind, .structure)
        let storageReference = try XCTUnwrap(objects.flattened.first { $0.kind == .strong })
        let storageAddress = try XCTUnwrap(Memory.readWord(address(of: object) + UInt(storageReference.offset)))
        let storage = try XCTUnwrap(probe.arrayStorage(ofObjectAt: storageAddress))
        XCTAssertEqual(storage.count, 2)
        XCTAssertEqual(storage.stride, 8)
        // Arrays of class instances share `_ContiguousArrayStorage<AnyObject>`.
        XCTAssertEqual(storage.element.kind, .classExistential)
        XCTAssertEqual(storage.element.flattened.first { $0.kind == .strong }?.offset, 0)
        XCTAssertEqual(storage.elementsAddress, storageAddress + 32)
        let elements = (0..<storage.count).map { storage.elementsAddress + UInt($0 * storage.stride) }
        XCTAssertEqual(elements.compactMap(Memory.readWord), object.objects.map(address(of:)))
        XCTAssertNil(probe.arrayStorage(ofObjectAt: address(of: object)))
    }

    func testGenericClassFieldsAreSubstituted() throws {
        let target = Target()
        let object = Generic(target)
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: address(of: object)))
        XCTAssertTrue(layout.typeName?.contains("Generic<") == true, "\(String(describing: layout.typeName))")
        XCTAssertEqual(layout.fields.map(\.name), ["value", "count"])
        XCTAssertEqual(layout.fields[0].kind, .strong)
        XCTAssertTrue(layout.fields[0].typeName?.hasSuffix("Target") == true)
        XCTAssertEqual(layout.fields[1].typeName, "Swift.Int")

        let pair = Generic((1, target))
        let tuple = try XCTUnwrap(probe.layout(ofInstanceAt: address(of: pair))?.fields.first)
        XCTAssertEqual(tuple.kind, .tuple)
        XCTAssertEqual(tuple.children.map(\.kind), [.structure, .strong])
        XCTAssertEqual(tuple.children.map(\.offset), [16, 24])
    }

    func testAClosureReadOutOfGenericStorageHopsThroughItsThunk() throws {
        let owner = Owner()
        let original = owner.weakSelfBesideStrongOther()
        let expected = try XCTUnwrap(ClosureContext.of(original))
        let sink = Sink<Int>(original)
        let stored: [(Int) -> Int] = [original]
        XCTAssertEqual(ClosureContext.of(sink.handler), expected)
        XCTAssertEqual(ClosureContext.of(stored[0]), expected)
        XCTAssertEqual(ClosureContext.of(stored: stored[0]), expected)
        let erased: Any = original
        let recovered = try XCTUnwrap(erased as? (Int) -> Int)
        XCTAssertEqual(ClosureContext.of(recovered), expected)

        // The sink's stored property itself: a thick function whose context
        // is the caller's closure context (no thunk for a concrete type).
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: address(of: sink)))
        let handler = try XCTUnwrap(layout.fields.first)
        XCTAssertEqual(handler.kind, .thickFunction)
        let contextPart = try XCTUnwrap(handler.children.first { $0.name == "context" })
        XCTAssertEqual(contextPart.kind, .strong)
        XCTAssertEqual(contextPart.offset, handler.offset + 8)
        withExtendedLifetime((original, sink)) {}
    }

    func testAClosureWithoutCapturesHasNoContext() {
        XCTAssertNil(ClosureContext.of { (x: Int) in x + 1 })
        XCTAssertNil(ClosureContext.of { 1 })
        XCTAssertNil(ClosureContext.of { (a: Int, b: Int, c: Int) in a + b + c })
    }

    func testNonObjectsReadAsNil() throws {
        XCTAssertNil(probe.layout(ofInstanceAt: 0x10))
        XCTAssertNil(probe.typeName(ofObjectAt: 0x10))
        XCTAssertNil(probe.typeName(ofObjectAt: 0))
        var zeros = [UInt](repeating: 0, count: 8)
        let zerosAddress = zeros.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
        XCTAssertNil(probe.layout(ofInstanceAt: zerosAddress))
        var garbage = [UInt](repeating: 0xDEAD_BEEF_0000, count: 8)
        let garbageAddress = garbage.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
        XCTAssertNil(probe.typeName(ofObjectAt: garbageAddress))
        XCTAssertNil(probe.layout(ofInstanceAt: garbageAddress + 3))
        XCTAssertEqual(probe.wordScan(ofObjectAt: 0x10, size: 64), [])
        withExtendedLifetime((zeros, garbage)) {}
    }

    func testAnObjectKeptOnlyByADeathWatchStillReadsAfterItDied() throws {
        var object: Derived? = Derived()
        let watch = DeathWatch(object!)
        object = nil
        XCTAssertFalse(watch.isAlive)
        XCTAssertTrue(probe.typeName(ofObjectAt: watch.objectAddress)?.hasSuffix("Derived") == true)
        watch.release()
    }

    func testWordScanFindsReferencesButCannotVerifyThem() throws {
        let owner = Owner()
        let closure = owner.weakSelfBesideStrongOther()
        let object = Derived()
        let base = address(of: object)
        let size = try XCTUnwrap(probe.instanceSize(ofObjectAt: base))
        let hits = probe.wordScan(ofObjectAt: base, size: size)
        XCTAssertTrue(hits.contains { $0.offset == 16 && $0.target == address(of: object.inherited) })
        XCTAssertTrue(hits.contains { $0.offset == 24 && $0.target == address(of: object.own) })
        XCTAssertFalse(hits.contains(where: \.isVerified))
        XCTAssertTrue(hits.allSatisfy { $0.typeName != nil })
        withExtendedLifetime(closure) {}
    }

    /// Metadata the runtime makes during a query (here for the fields' types)
    /// can land on a heap page the reader copied earlier in that query:
    /// RemoteMirror must read it as it is now, not as the copy had it (zeros,
    /// which it would remember as an unknown type for good).
    func testFieldTypesWhoseMetadataIsMadeDuringTheQueryAreRead() throws {
        let object = HolderOfFreshExistentials()
        let base = address(of: object)
        let layout = try XCTUnwrap(probe.layout(ofInstanceAt: base))
        let expected: [(name: String, protocol: String, value: AnyObject)] = [
            ("first", "FirstMadeDuringTheQuery", object.first as AnyObject),
            ("second", "SecondMadeDuringTheQuery", object.second as AnyObject),
            ("third", "ThirdMadeDuringTheQuery", object.third as AnyObject),
            ("fourth", "FourthMadeDuringTheQuery", object.fourth as AnyObject),
        ]
        for (name, proto, value) in expected {
            let field = try XCTUnwrap(layout.fields.first { $0.name == name }, "\(layout)")
            XCTAssertEqual(field.kind, .opaqueExistential, "\(name): \(layout)")
            XCTAssertEqual(field.typeName, "ProbesTests.\(proto)")
            let projected = try XCTUnwrap(probe.existentialValue(at: base, of: field), name)
            XCTAssertEqual(Memory.readWord(projected.valueAddress), address(of: value), name)
        }
    }

    func testConcurrentQueriesAreSerialised() throws {
        let objects = (0..<8).map { _ in Derived() }
        let owner = Owner()
        let closures = (0..<8).map { _ in owner.weakSelfBesideStrongOther() }
        let expected = try XCTUnwrap(probe.layout(ofInstanceAt: address(of: objects[0])))
        let results = Mutex<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let layout = probe.layout(ofInstanceAt: address(of: objects[index % 8]))
            let context = ClosureContext.of(closures[index % 8]).flatMap(probe.layout(ofInstanceAt:))
            let ok = layout?.fields == expected.fields && context?.fields.count == 2
            results.withLock { $0.append(ok) }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: true, count: 64))
        withExtendedLifetime(closures) {}
    }
}
