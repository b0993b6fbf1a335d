import Leaks
import XCTest

// #13.2: every kind of storage that can hold a strong reference is followed
// by the graph walk. Each kind has a leak whose only cycle runs through it and
// a control, the same shape with the back reference weak, that comes out clean.

private class Base {
    var handler: (() -> Void)?
}

private final class Derived: Base {}

private final class Handlers {
    var list: [() -> Void] = []
    var contiguous: ContiguousArray<Child> = []
    var byName: [String: () -> Void] = [:]
    var byKey: [Key: Int] = [:]
    var members: Set<Key> = []
    var state: State = .idle
    var chain: Chain = .end
    var anything: Any = 0
    var sink: (any Sink)?
    var object: AnyObject?
    var pair: (Int, () -> Void)?
    var config = Config(callbacks: Callbacks(onDone: {}))
    var box: Box<() -> Void>?
    weak var weakPeer: Handlers?
    unowned(unsafe) var unownedPeer: Handlers? = nil
    var peer: Handlers?
}

private final class Child {
    var parent: Handlers?
    weak var weakParent: Handlers?
}

private final class Key: Hashable {
    var owner: Handlers?
    weak var weakOwner: Handlers?
    static func == (lhs: Key, rhs: Key) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private enum State {
    case idle
    case running(() -> Void)
}

private indirect enum Chain {
    case end
    case link(Child, Chain)
}

private protocol Sink {}

private struct ValueSink: Sink {
    let onEvent: () -> Void
    let padding = (0, 0, 0)  // too large for the existential's inline buffer: boxed
}

private struct Callbacks {
    var onDone: () -> Void
}

private struct Config {
    var callbacks: Callbacks
}

private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

// OpenCombine's `Optional.OCombine.Inner` and `Result.OCombine.Inner`: a generic class nested in a type
// that an extension of a standard library generic declares. Its subscriber keeps it in a list of enum
// cases with an existential payload, and it keeps its subscriber: a cycle the engine must follow as it
// follows the same shape nested in a generic type of the module's own.

private protocol Ticket: AnyObject {}

/// Not bound to classes, as OpenCombine's `Subscription`: an opaque existential, its instance in the buffer.
private protocol Subscription {}

extension Optional {
    fileprivate enum Nest {}
}

extension Optional.Nest {
    fileprivate final class Inner<Downstream: AnyObject>: Ticket, Subscription {
        var downstream: Downstream?
        let output: Wrapped
        init(output: Wrapped, downstream: Downstream) {
            self.output = output
            self.downstream = downstream
        }
    }
}

private struct Publisher<Output> {
    fileprivate final class Inner<Downstream: AnyObject>: Ticket {
        var downstream: Downstream?
        let output: Output
        init(output: Output, downstream: Downstream) {
            self.output = output
            self.downstream = downstream
        }
    }
}

private final class Tracker {
    enum Event {
        case ticket(Ticket)
        case subscription(Subscription)
        case value(Int)
    }
    var history: [Event] = []
}

final class StorageKindTests: XCTestCase {
    /// Runs a check that tracks what `build` makes; returns its report after
    /// `breakCycle` has freed it.
    fileprivate func check<Object: AnyObject>(
        _ name: String = #function, build: () -> Object, breakCycle: (Object) -> Void
    )
        -> LeakReport
    {
        weak var made: Object?
        let report = LeakCheck.run(name) { scope in
            let object = build()
            scope.track(object)
            made = object
        }
        if let made { breakCycle(made) }
        return report
    }

    fileprivate func assertCycle(
        _ report: LeakReport, through label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let leak = report.leaks.first else { return XCTFail("no leak:\n\(report)", file: file, line: line) }
        XCTAssertEqual(leak.kind, .cycle, report.description, file: file, line: line)
        XCTAssertTrue(
            leak.cycle?.description.contains(label) ?? false, "cycle lacks \(label):\n\(report)", file: file, line: line
        )
    }

    private func assertClean(_ report: LeakReport, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(report.isClean, report.description, file: file, line: line)
    }

    func testSuperclassField() {
        assertCycle(
            check(
                build: { () -> Derived in
                    let d = Derived(); d.handler = { _ = d }; return d
                },
                breakCycle: { $0.handler = nil }), through: "─handler→ Derived")
        assertClean(
            check(
                build: { () -> Derived in
                    let d = Derived(); d.handler = { [weak d] in _ = d }; return d
                },
                breakCycle: { $0.handler = nil }))
    }

    func testClosureContextWithSeveralCaptures() {
        assertCycle(
            check(
                build: { () -> Derived in
                    let d = Derived(), other = Child()
                    d.handler = { _ = (d, other) }
                    return d
                }, breakCycle: { $0.handler = nil }), through: "─handler→ Derived")
        assertClean(
            check(
                build: { () -> Derived in
                    let d = Derived(), other = Child()
                    d.handler = { [weak d] in _ = (d, other) }
                    return d
                }, breakCycle: { $0.handler = nil }))
    }

    func testArrayOfClosures() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.list = [{}, { _ = h }]; return h
                },
                breakCycle: { $0.list = [] }), through: "─list[1]→")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.list = [{}, { [weak h] in _ = h }]; return h
                },
                breakCycle: { $0.list = [] }))
    }

    func testContiguousArray() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), child = Child()
                    child.parent = h
                    h.contiguous = [Child(), child]
                    return h
                }, breakCycle: { $0.contiguous = [] }), through: "─contiguous[1]→ Child")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), child = Child()
                    child.weakParent = h
                    h.contiguous = [Child(), child]
                    return h
                }, breakCycle: { $0.contiguous = [] }))
    }

    func testDictionaryValues() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers()
                    h.byName = ["tap": {}, "close": { _ = h }]
                    return h
                }, breakCycle: { $0.byName = [:] }), through: "─byName[close]→")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers()
                    h.byName = ["tap": {}, "close": { [weak h] in _ = h }]
                    return h
                }, breakCycle: { $0.byName = [:] }))
    }

    func testDictionaryKeys() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), key = Key()
                    key.owner = h
                    h.byKey = [key: 1]
                    return h
                }, breakCycle: { $0.byKey = [:] }), through: "─byKey[#0]→ Key")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), key = Key()
                    key.weakOwner = h
                    h.byKey = [key: 1]
                    return h
                }, breakCycle: { $0.byKey = [:] }))
    }

    func testSetElements() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), key = Key()
                    key.owner = h
                    h.members = [Key(), key]
                    return h
                }, breakCycle: { $0.members = [] }), through: "─members[")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), key = Key()
                    key.weakOwner = h
                    h.members = [Key(), key]
                    return h
                }, breakCycle: { $0.members = [] }))
    }

    func testEnumPayload() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.state = .running { _ = h }; return h
                },
                breakCycle: { $0.state = .idle }), through: "─state→")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.state = .running { [weak h] in _ = h }; return h
                },
                breakCycle: { $0.state = .idle }))
    }

    func testIndirectEnumPayload() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), child = Child()
                    child.parent = h
                    h.chain = .link(Child(), .link(child, .end))
                    return h
                }, breakCycle: { $0.chain = .end }), through: "Child")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), child = Child()
                    child.weakParent = h
                    h.chain = .link(Child(), .link(child, .end))
                    return h
                }, breakCycle: { $0.chain = .end }))
    }

    func testOpaqueExistentialHoldingAClosure() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.anything = { _ = h }; return h
                },
                breakCycle: { $0.anything = 0 }), through: "─anything→")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.anything = { [weak h] in _ = h }; return h
                },
                breakCycle: { $0.anything = 0 }))
    }

    func testBoxedProtocolExistential() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.sink = ValueSink(onEvent: { _ = h }); return h
                },
                breakCycle: { $0.sink = nil }), through: "─sink")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.sink = ValueSink(onEvent: { [weak h] in _ = h }); return h
                },
                breakCycle: { $0.sink = nil }))
    }

    func testClassBoundExistential() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), child = Child()
                    child.parent = h
                    h.object = child
                    return h
                }, breakCycle: { $0.object = nil }), through: "─object→ Child")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), child = Child()
                    child.weakParent = h
                    h.object = child
                    return h
                }, breakCycle: { $0.object = nil }))
    }

    func testOptionalTupleOfAClosure() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.pair = (1, { _ = h }); return h
                },
                breakCycle: { $0.pair = nil }), through: "─pair")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.pair = (1, { [weak h] in _ = h }); return h
                },
                breakCycle: { $0.pair = nil }))
    }

    func testNestedStructs() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.config.callbacks.onDone = { _ = h }; return h
                },
                breakCycle: { $0.config.callbacks.onDone = {} }), through: "─config")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.config.callbacks.onDone = { [weak h] in _ = h }; return h
                },
                breakCycle: { $0.config.callbacks.onDone = {} }))
    }

    func testGenericStorage() {
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.box = Box({ _ = h }); return h
                },
                breakCycle: { $0.box = nil }), through: "─box→ Box")
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(); h.box = Box({ [weak h] in _ = h }); return h
                },
                breakCycle: { $0.box = nil }))
    }

    func testWeakAndUnownedReferencesAreNotFollowedAsStrong() {
        assertClean(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), other = Handlers()
                    h.weakPeer = other
                    other.weakPeer = h
                    h.unownedPeer = other
                    other.unownedPeer = h
                    return h
                }, breakCycle: { _ in }))
        // The control: the same pair held strongly leaks through `peer`.
        assertCycle(
            check(
                build: { () -> Handlers in
                    let h = Handlers(), other = Handlers()
                    h.peer = other
                    other.peer = h
                    return h
                }, breakCycle: { $0.peer = nil }), through: "─peer→ Handlers")
    }
}

extension StorageKindTests {
    func testAClassNestedInAGenericTypeOfTheModule() {
        let report = check(
            build: { () -> Tracker in
                let tracker = Tracker()
                tracker.history.append(.ticket(Publisher<Int>.Inner(output: 42, downstream: tracker)))
                return tracker
            }, breakCycle: { $0.history = [] })
        assertCycle(report, through: "─history[0]→ Publisher.Inner\n")
        assertCycle(report, through: "─downstream→ Tracker")
        assertOneFix(report)
        assertTheSubscriptionIsCancelled(report)
    }

    func testAClassNestedInAnExtensionOfAStandardLibraryGenericType() {
        let report = check(
            build: { () -> Tracker in
                let tracker = Tracker()
                tracker.history.append(.ticket(Int?.Nest.Inner(output: 42, downstream: tracker)))
                return tracker
            }, breakCycle: { $0.history = [] })
        // Named by the extension's module and every type it is nested in, not folded away as the standard
        // library's `Optional`.
        assertCycle(report, through: "─history[0]→ Optional.Nest.Inner\n")
        assertCycle(report, through: "─downstream→ Tracker")
        assertOneFix(report)
        assertTheSubscriptionIsCancelled(report)
    }

    /// The subscription made in the check is on its subscriber's cycle: one cycle, one fix, listed under the
    /// subscriber.
    func testAClassNestedInAnExtensionOfAStandardLibraryGenericTypeHeldAsAnOpaqueExistential() {
        let report = check(
            build: { () -> Tracker in
                let tracker = Tracker()
                tracker.history.append(.subscription(Int?.Nest.Inner(output: 42, downstream: tracker)))
                return tracker
            }, breakCycle: { $0.history = [] })
        assertCycle(report, through: "─history[0]→ Optional.Nest.Inner\n")
        assertCycle(report, through: "─downstream→ Tracker")
        assertOneFix(report)
    }

    /// A subscription's `downstream` is cancelled, never made weak.
    private func assertTheSubscriptionIsCancelled(
        _ report: LeakReport, file: StaticString = #filePath, line: UInt = #line
    ) {
        let pattern = report.leaks.first?.pattern
        XCTAssertEqual(pattern?.id, "subscription-never-cancelled", report.description, file: file, line: line)
        XCTAssertTrue(
            pattern?.fix.hasPrefix("cancel the subscription") ?? false, report.description, file: file, line: line)
    }

    private func assertOneFix(_ report: LeakReport, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(report.fixCount, 1, report.description, file: file, line: line)
        XCTAssertEqual(report.leaks.map(\.heldBy), [nil, report.leaks.first?.address], file: file, line: line)
    }
}
