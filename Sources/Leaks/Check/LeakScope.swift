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
        var tracked: [TrackedObject] = []
        var indexByAddress: [UInt: Int] = [:]
        var problems: [String] = []
    }

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
        let place = TrackingSite(origin: .explicit, file: file.description, line: line, operatorName: nil, backtrace: nil)
        record(problem: "cannot track a value of type \(Value.self) \(place): only class instances have a lifetime to watch")
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
    public func noteClosure(context: UnsafeRawPointer, givenTo operatorName: String, site: @escaping @Sendable () -> SourceSite) {
        if let closureBudget {
            let noted = closuresNoted.wrappingAdd(1, ordering: .relaxed).newValue
            if noted == closureBudget + 1 {
                record(problem: "more than \(closureBudget) closures were handed over: the captures of the rest were not read, "
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
    @discardableResult
    func add(_ object: AnyObject, site: PendingTrackingSite) -> Bool {
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let (added, replaced) = state.withLock { state -> (Bool, TrackedObject?) in
            guard let index = state.indexByAddress[address] else {
                state.indexByAddress[address] = state.tracked.count
                state.tracked.append(TrackedObject(object, site: site))
                return (true, nil)
            }
            let existing = state.tracked[index]
            guard existing.origin == .closureCapture, site.origin == .explicit else { return (false, nil) }
            state.tracked[index] = TrackedObject(object, site: site)
            return (true, existing)
        }
        replaced?.release()
        return added
    }

    func record(problem: String) {
        state.withLock { $0.problems.append(problem) }
    }

    var trackedObjects: [TrackedObject] { state.withLock { $0.tracked } }
    var problems: [String] { state.withLock { $0.problems } }
}
