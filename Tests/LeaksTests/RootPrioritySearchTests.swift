@testable import Leaks
import XCTest

/// The one path search from every root: the kind of root with the lowest priority that reaches an
/// object explains it, whatever the order its providers are listed in; within a kind, the shortest
/// path wins; a search the budget cuts short leaves an object unjudged, never kept or leaked.
final class RootPrioritySearchTests: XCTestCase {
    private final class Target {}

    private final class Box {
        var next: AnyObject?
        var action: (() -> Void)?
    }

    /// Roots of one kind, over the objects given.
    private struct Roots: RootProvider {
        let kind: RootKind
        let objects: [(name: String, object: AnyObject)]

        func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
            objects.map { HeapRoot(kind: kind, name: $0.name, address: address(of: $0.object)) }
        }
    }

    /// A stopped thread's stack that refers to every object looked for.
    private struct Stack: RootProvider {
        var kind: RootKind { .threadStack }

        func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
            [HeapRoot(kind: .threadStack, name: "the stack", address: 0, holding: .refersTo(Set(targets.keys)))]
        }
    }

    func testTheHigherPriorityRootExplainsAnObjectTwoRootsReachWhateverTheProvidersOrder() throws {
        let target = Target()
        let stored = Box(), capturing = Box()
        stored.next = target
        capturing.action = { _ = target }
        let timers = Roots(kind: .timer, objects: [("the timer", stored)])
        let globals = Roots(kind: .global, objects: [("the global", capturing)])
        for providers in [[timers, globals], [globals, timers]] as [[any RootProvider]] {
            let found = try XCTUnwrap(explanation(of: target, providers: providers))
            XCTAssertEqual(found.root.name, "the timer")
            guard case .keptByDesign(from: "the timer") = found.verdict(onOwnCycle: false) else {
                return XCTFail("the timer's stored field keeps it: \(found.verdict(onOwnCycle: false))")
            }
        }
        let alone = try XCTUnwrap(explanation(of: target, providers: [globals]))
        guard case .leak(let path, let pattern, fixedOnThePath: true) = alone.verdict(onOwnCycle: false) else {
            return XCTFail("without the timer, the global's closure leaks it")
        }
        XCTAssertEqual(path.edges.first?.from.name, "the global")
        XCTAssertEqual(pattern?.id, GlobalRoots.pattern.id)
    }

    /// Two kinds of one priority would be read in an order nothing decides.
    func testEveryKindHasAPriorityOfItsOwn() {
        XCTAssertEqual(Set(RootKind.allCases.map(\.priority)).count, RootKind.allCases.count)
    }

    func testTheShortestPathFromTheRootsOfOneKindWins() throws {
        let target = Target()
        let far = Box(), between = Box(), near = Box()
        far.next = between
        between.next = target
        near.next = target
        let globals = Roots(kind: .global, objects: [("far", far), ("near", near)])
        XCTAssertEqual(try XCTUnwrap(explanation(of: target, providers: [globals])).root.name, "near")
    }

    /// Roots of a kind whose rule does not search objects on their own cycle are passed over for them.
    func testAnObjectOnItsOwnCycleIsSearchedOnlyFromKindsThatExplainCycles() throws {
        let target = Target()
        let task = Box(), global = Box()
        task.next = target
        global.next = target
        let providers: [any RootProvider] = [
            Roots(kind: .task, objects: [("a task", task)]), Roots(kind: .global, objects: [("the global", global)]),
        ]
        let search = RootSearch(
            targets: [address(of: target): node(target)], onCycle: [address(of: target)], providers: providers,
            inspector: HeapInspector())
        XCTAssertEqual(search.explanation(of: address(of: target), closures: nil)?.root.name, "the global")
    }

    func testASearchCutShortByItsBudgetFindsNothingAndSaysSo() throws {
        let target = Target()
        let chain = (0..<8).map { _ in Box() }
        for (holder, next) in zip(chain, chain.dropFirst()) { holder.next = next }
        chain.last?.action = { _ = target }
        let globals = Roots(kind: .global, objects: [("the global", chain[0])])
        let whole = RootSearch(
            targets: [address(of: target): node(target)], providers: [globals], inspector: HeapInspector())
        XCTAssertFalse(whole.isCutShort)
        XCTAssertNotNil(whole.explanation(of: address(of: target), closures: nil))
        let cut = RootSearch(
            targets: [address(of: target): node(target)], providers: [globals], inspector: HeapInspector(), budget: 4)
        XCTAssertTrue(cut.isCutShort)
        XCTAssertNil(cut.explanation(of: address(of: target), closures: nil))
    }

    /// A kind whose provider finds what its roots hold needs no budget: it is asked after one that ran out.
    func testKindsAfterOneTheBudgetCutShortAreStillSearched() throws {
        let target = Target()
        let holder = Box()
        holder.next = target
        let search = RootSearch(
            targets: [address(of: target): node(target)],
            providers: [Roots(kind: .global, objects: [("the global", holder)]), Stack()], inspector: HeapInspector(),
            budget: 0)
        XCTAssertTrue(search.isCutShort)
        XCTAssertEqual(search.explanation(of: address(of: target), closures: nil)?.root.name, "the stack")
    }

    /// The judge counts an object the search was cut short of as unjudged: neither a leak nor kept.
    func testAnObjectTheRootSearchIsCutShortOfIsUnjudged() {
        let target = Target()
        let chain = (0..<8).map { _ in Box() }
        for (holder, next) in zip(chain, chain.dropFirst()) { holder.next = next }
        chain.last?.action = { _ = target }
        let tracked = TrackedObject(
            target,
            site: PendingTrackingSite(
                origin: .allocated, operatorName: nil, place: { SourceSite(file: #fileID, line: #line) }))
        defer { tracked.release() }
        let judge = Judge(workStillAlive: false, roots: [Roots(kind: .global, objects: [("the global", chain[0])])])
        let whole = judge.verdicts(among: [tracked])
        XCTAssertEqual(whole.leaks.map(\.pattern?.id), [GlobalRoots.pattern.id])
        XCTAssertEqual(whole.unsearched, 0)
        var cut = judge
        cut.rootSearchBudget = 4
        let verdicts = cut.verdicts(among: [tracked])
        XCTAssertEqual(verdicts.leaks.count, 0)
        XCTAssertEqual(verdicts.keptFrom.count, 0)
        XCTAssertEqual(verdicts.unsearched, 1)
        withExtendedLifetime(chain) {}
    }

    private func explanation(of target: AnyObject, providers: [any RootProvider]) -> RootSearch.Explanation? {
        RootSearch(targets: [address(of: target): node(target)], providers: providers, inspector: HeapInspector())
            .explanation(of: address(of: target), closures: nil)
    }

    private func node(_ object: AnyObject) -> RetainNode {
        RetainNode(address: address(of: object), name: "\(type(of: object))", kind: .object)
    }
}

private func address(of object: AnyObject) -> UInt { UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()) }
