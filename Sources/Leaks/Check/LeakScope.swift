import Probes
import Synchronization

/// What a leak check's block uses to track objects; it also tracks, by
/// itself, every object that closures handed to a library inside the block
/// capture strongly (as the library's ``LeakIntegration`` reports them).
public final class LeakScope: @unchecked Sendable {
    /// The scope of the leak check running on this task, if any (set for the
    /// block of ``LeakCheck/run(_:settle:_:)`` and for tests with the
    /// `.leakChecked` trait).
    @TaskLocal public static var current: LeakScope?

    /// The check's name.
    public let name: String
    let backtraces: Bool
    /// The closures handed to libraries in this check, for naming graph nodes.
    let closures = ClosureTable()
    private let state = Mutex<State>(State())

    private struct State {
        /// Each with the order it was tracked in: an explicit `track` that
        /// takes an earlier entry's place comes where the user called it.
        var tracked: [(order: Int, object: TrackedObject)] = []
        var nextOrder = 0
        var indexByAddress: [UInt: Int] = [:]
        var problems: [String] = []
        /// Whether objects made from now on are still this check's (until it is judged).
        var acceptsAllocations = true
        /// The tracked count at which objects made in the check that died already are dropped.
        var pruneAt = LeakScope.firstPrune
        var allocationBudgetSpent = false
        /// The timers made in the check (``TimerHolders``): holders, never judged themselves.
        var timers: [TrackedObject] = []
        /// The tasks made in the check, with their closures' contexts (``TaskClosures``).
        var tasks: [TaskClosures.Task] = []
        /// The blocks given to `asyncAfter` in the check (``DispatchBlocks``).
        var pendingBlocks: [DispatchBlocks.Block] = []
        /// The continuations the runtime found misused while the check was open, until it is judged.
        var continuationMisuses: [@Sendable () -> ContinuationMisuse] = []

        mutating func append(_ object: TrackedObject) {
            indexByAddress[object.address] = tracked.count
            tracked.append((nextOrder, object))
            nextOrder += 1
        }

        mutating func replace(at index: Int, with object: TrackedObject) {
            tracked[index] = (nextOrder, object)
            nextOrder += 1
        }
    }

    /// When objects made in the check are first pruned of the dead.
    private static let firstPrune = 4_096
    /// The most objects made in the check that are watched at once: each
    /// keeps its memory (not its contents) until the check ends.
    static let allocationBudget = 200_000

    /// How many closures' captures the check reads, when bounded.
    let closureBudget: Int?
    private let closuresNoted = Atomic<Int>(0)

    init(name: String, backtraces: Bool, closureBudget: Int? = nil) {
        self.name = name
        self.backtraces = backtraces
        self.closureBudget = closureBudget
    }

    /// Watches `object`: if it is still alive once the check has settled, it is
    /// reported as leaked. Tracking the same object twice is reported as a
    /// problem; tracking one that a closure's capture already tracked is not.
    public func track(_ object: AnyObject, file: StaticString = #fileID, line: UInt = #line) {
        track(object, fileID: file.description, line: line)
    }

    /// Tracks `object` for a caller that has its source location as strings
    /// (such as Swift Testing's `SourceLocation`).
    public func track(_ object: AnyObject, fileID: String, line: UInt) {
        let site = PendingTrackingSite.explicit(file: fileID, line: line)
        if !add(object, site: site) {
            record(problem: "\(type(of: object)) \(site.resolved) was tracked twice; the second call is ignored")
        }
    }

    /// Value types have no lifetime to watch: tracking one is reported as a
    /// problem in the check's report.
    @_disfavoredOverload
    public func track<Value>(_ value: Value, file: StaticString = #fileID, line: UInt = #line) {
        if let object = Self.asObject(value) {
            track(object, file: file, line: line)
            return
        }
        let place = TrackingSite(
            origin: .explicit, file: file.description, line: line, operatorName: nil, backtrace: nil)
        record(
            problem:
                "cannot track a value of type \(Value.self) \(place): only class instances have a lifetime to watch")
    }

    private static func asObject<Value>(_ value: Value) -> AnyObject? {
        guard type(of: value as Any) is AnyClass else { return nil }
        return value as AnyObject
    }

    /// Tells the check that a library took a closure whose context is
    /// `context`: the objects it captures strongly are tracked, and the closure
    /// is named `closure given to <operatorName> at File.swift:42` in cycles.
    /// The context need only be valid during the call.
    /// With a closure budget (``OpenLeakCheck/init(_:ambient:closureBudget:)``),
    /// closures past it are neither read nor named, and the report says so.
    public func noteClosure(context: UnsafeRawPointer, givenTo operatorName: String, file: String, line: UInt) {
        let site = SourceSite(file: file, line: line)
        noteClosure(context: context, givenTo: operatorName, site: { site })
    }

    /// ``noteClosure(context:givenTo:file:line:)`` for a library whose call
    /// sites take work to place in the source (symbolication): `site` is
    /// called only when a report names the closure or an object it captured,
    /// so a check that finds nothing never places them.
    public func noteClosure(
        context: UnsafeRawPointer, givenTo operatorName: String, site: @escaping @Sendable () -> SourceSite
    ) {
        if let closureBudget {
            let noted = closuresNoted.wrappingAdd(1, ordering: .relaxed).newValue
            if noted == closureBudget + 1 {
                record(
                    problem:
                        "more than \(closureBudget) closures were handed over: the captures of the rest were not read, "
                        + "so what they capture was not tracked")
            }
            if noted > closureBudget { return }
        }
        let address = UInt(bitPattern: context)
        closures.record(address, operatorName: operatorName, site: site)
        for object in CaptureReader.stronglyCapturedObjects(ofContext: address) {
            add(object, site: PendingTrackingSite(origin: .closureCapture, operatorName: operatorName, place: site))
        }
    }

    /// Adds `object` unless it is tracked already; false when it was. An
    /// explicit `track` of an object that a closure's capture tracked first
    /// takes its place: its line is the one the user wrote. (A watched
    /// object's memory is not reused while the check runs, so an address
    /// stands for one object.)
    /// An object made in the check (``TrackingSite/Origin-swift.enum/allocated``)
    /// takes a closure capture's or an explicit `track`'s place: either says more.
    @discardableResult
    func add(_ object: AnyObject, site: PendingTrackingSite) -> Bool {
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let (added, replaced) = state.withLock { state -> (Bool, TrackedObject?) in
            guard let index = state.indexByAddress[address] else {
                state.append(TrackedObject(object, site: site))
                return (true, nil)
            }
            let existing = state.tracked[index].object
            guard Self.precedence(of: site.origin) > Self.precedence(of: existing.origin) else {
                return (false, nil)
            }
            state.replace(at: index, with: TrackedObject(object, site: site))
            return (true, existing)
        }
        replaced?.release()
        return added
    }

    private static func precedence(of origin: TrackingSite.Origin) -> Int {
        switch origin {
        case .allocated: 0
        case .closureCapture: 1
        case .explicit: 2
        }
    }

    /// Tracks an object made in the check, unless the check is being judged
    /// already or its budget is spent. Now and then, objects made in the check
    /// that died already are dropped, so that a test making millions of
    /// short-lived objects keeps few watches.
    func addAllocated(_ object: AnyObject, site: PendingTrackingSite) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let dropped = state.withLock { state -> [TrackedObject] in
            guard state.acceptsAllocations, state.indexByAddress[address] == nil else { return [] }
            var dropped: [TrackedObject] = []
            if state.tracked.count >= state.pruneAt {
                let isDead = { (entry: (order: Int, object: TrackedObject)) in
                    entry.object.origin == .allocated && !entry.object.isAlive
                }
                let kept = state.tracked.filter { !isDead($0) }
                dropped = state.tracked.filter(isDead).map(\.object)
                state.tracked = kept
                state.indexByAddress = Dictionary(
                    uniqueKeysWithValues: kept.enumerated().map { ($1.object.address, $0) })
                state.pruneAt = max(Self.firstPrune, kept.count * 2)
            }
            guard state.tracked.count < Self.allocationBudget else {
                if !state.allocationBudgetSpent {
                    state.allocationBudgetSpent = true
                    state.problems.append(
                        "more than \(Self.allocationBudget) objects made in the check were alive at once: "
                            + "objects made after that were not tracked")
                }
                return dropped
            }
            state.append(TrackedObject(object, site: site, backtrace: nil))
            return dropped
        }
        dropped.forEach { $0.release() }
    }

    /// Watches a timer made in the check, whose block may hold what the check made (``TimerHolders``).
    func addTimer(_ timer: AnyObject) {
        let site = PendingTrackingSite(origin: .allocated, operatorName: nil) {
            SourceSite(file: "an unknown place", line: 0)
        }
        state.withLock { state in
            guard state.acceptsAllocations, state.timers.count < TimerHolders.budget else { return }
            state.timers.append(TrackedObject(timer, site: site, backtrace: nil))
        }
    }

    /// Watches the closure's context of a task made in the check (``TaskClosures``), made at `madeAt`, in a
    /// subscribe handler when `isMadeInSubscribeHandler` says so (both placed only for what a report shows).
    func addTask(
        context: DeathWatch, madeAt: @escaping @Sendable () -> SourceSite,
        isMadeInSubscribeHandler: @escaping @Sendable () -> Bool
    ) {
        let added = state.withLock { state in
            guard state.acceptsAllocations, state.tasks.count < TaskClosures.budget else { return false }
            state.tasks.append(
                TaskClosures.Task(context: context, madeAt: madeAt, isMadeInSubscribeHandler: isMadeInSubscribeHandler))
            return true
        }
        if !added { context.release() }
    }

    /// Notes the task made with the closure's context at `context`, watched since ``addTask(context:madeAt:)``.
    func noteTask(_ task: UInt, madeWith context: UInt) {
        state.withLock { state in
            guard let index = state.tasks.lastIndex(where: { $0.context.objectAddress == context && $0.task == nil })
            else { return }
            state.tasks[index].task = task
        }
    }

    /// Keeps the record of a block given to `asyncAfter` in the check (``DispatchBlocks``); false when it does not.
    func addPendingBlock(_ block: DispatchBlocks.Block) -> Bool {
        state.withLock { state in
            guard state.acceptsAllocations, state.pendingBlocks.count < DispatchBlocks.budget else { return false }
            state.pendingBlocks.append(block)
            return true
        }
    }

    /// Notes a continuation the runtime found misused while the check was open: a task awaiting it is stuck
    /// for ever, whenever it is told (settling included).
    func addContinuationMisuse(_ misuse: @escaping @Sendable () -> ContinuationMisuse) {
        state.withLock { $0.continuationMisuses.append(misuse) }
    }

    /// How many continuations the runtime found misused while the check was open, so far.
    var continuationMisuseCount: Int { state.withLock { $0.continuationMisuses.count } }

    /// The continuations the runtime found misused while the check was open, placed now.
    var continuationMisuses: [ContinuationMisuse] { state.withLock { $0.continuationMisuses }.map { $0() } }

    /// The blocks given to `asyncAfter` in the check; the caller forgets them once judged.
    var pendingBlocks: [DispatchBlocks.Block] { state.withLock { $0.pendingBlocks } }

    /// The tasks made in the check; the caller releases their watches once judged.
    var tasks: [TaskClosures.Task] { state.withLock { $0.tasks } }

    /// The timers made in the check; the caller releases them once judged.
    var timers: [TrackedObject] { state.withLock { $0.timers } }

    /// Stops tracking objects made from now on: the check is being judged.
    func stopTrackingAllocations() {
        state.withLock { $0.acceptsAllocations = false }
    }

    func record(problem: String) {
        state.withLock { $0.problems.append(problem) }
    }

    /// Those tracked by `track` or a closure's capture first, then those made
    /// in the check, each in the order they were tracked: a report's headline
    /// is the object the user named, when it is on the cycle.
    var trackedObjects: [TrackedObject] {
        let tracked = state.withLock { $0.tracked }
        return tracked.sorted {
            ($0.object.origin == .allocated ? 1 : 0, $0.order) < ($1.object.origin == .allocated ? 1 : 0, $1.order)
        }
        .map(\.object)
    }
    var problems: [String] { state.withLock { $0.problems } }
}
