#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Probes
import Synchronization

/// Tracks, with no tracking code, every object of the code under test made
/// while a leak check is open, through an allocation hook that a test
/// process links (LeakTesting's, which installs itself at load). Without the
/// hook (a process that links only `Leaks`) nothing changes.
///
/// An object is attributed to the check whose scope is current on the task
/// that makes it (``LeakScope/current``), else to the open check that is
/// ambient (``OpenLeakCheck``), else to the one ``UnscopedWork`` names.
package enum AllocationTracking {
    /// Switches the hook: adds to its count of open checks.
    private static let hook = Mutex<(@Sendable (Int) -> Void)?>(nil)

    /// Switches the hook's watch on the runtime's continuation misuse: adds to its count of checks not yet judged.
    private static let continuationWatch = Mutex<(@Sendable (Int) -> Void)?>(nil)

    /// Reads the records of blocks the hook submits to dispatch queues (``DispatchBlocks``).
    private static let blockAccess = Mutex<DispatchBlocks.Access?>(nil)

    /// Installs the switch of a process's allocation hook, and how its records of pending blocks are read.
    package static func install(
        switch adjust: @escaping @Sendable (Int) -> Void, continuationWatch watch: @escaping @Sendable (Int) -> Void,
        pendingBlocks access: DispatchBlocks.Access
    ) {
        blockAccess.withLock { $0 = access }
        continuationWatch.withLock { $0 = watch }
        hook.withLock { $0 = adjust }
    }

    /// Switches recording on for one more open check, and the watch on continuation misuse; false when there
    /// is no hook, and then neither ``end()`` nor ``endWatchingContinuations()`` must be called.
    static func begin() -> Bool {
        continuationWatch.withLock { $0?(1) }
        return hook.withLock { adjust in
            adjust?(1)
            return adjust != nil
        }
    }

    /// Ends the recording of objects a successful ``begin()`` began.
    static func end() {
        hook.withLock { $0?(-1) }
    }

    /// Ends the watch on continuation misuse a successful ``begin()`` began: once the check is judged.
    static func endWatchingContinuations() {
        continuationWatch.withLock { $0?(-1) }
    }

    /// Whether the hook records objects of the class `metadata`, defined in `module`: those of the code
    /// under test, and timers (``TimerHolders``). Called by the hook once per class.
    package static func records(classOf metadata: UnsafeRawPointer, inModule module: UnsafePointer<CChar>) -> Bool {
        TimerHolders.isTimer(metadata) || TrackedModules.current.contains(String(cString: module))
    }

    /// How many return addresses are kept per object, enough to reach the
    /// code that made it past the hook and the allocating initialiser.
    private static let framesKept = 8

    /// Called by the hook with a new object of a tracked class, before its
    /// initialiser runs (its header is set, its fields are not).
    package static func allocated(_ pointer: UnsafeMutableRawPointer) {
        guard let scope = LeakScope.current ?? RunningCheck.ambientScope ?? UnscopedWork.resolve()?.scope else {
            return
        }
        let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        if TimerHolders.isTimer(pointer.load(as: UnsafeRawPointer.self)) {
            scope.addTimer(object)
            return
        }
        let frames = Backtrace.capture(skip: 0, maxFrames: framesKept + 4)
        scope.addAllocated(object, site: PendingTrackingSite(origin: .allocated, operatorName: nil) { madeAt(frames) })
    }

    /// Called by the hook with the closure's context of a task about to be made while a check is open (the
    /// caller still holds it: once made, the task may run, end and free it at once). The task's closure holds
    /// what the context captures until the task ends (``TaskClosures``).
    /// Attributed through ``UnscopedWork`` too once the check it names is open (a Swift Testing test's task in
    /// the whole-suite mode, once the test made something): every Swift Testing test runs in a task of its own,
    /// and would otherwise get a verdict.
    package static func makingTask(context: UnsafeMutableRawPointer) {
        guard let scope = LeakScope.current ?? RunningCheck.ambientScope ?? UnscopedWork.existing()?.scope else {
            return
        }
        // Past the code that made it, the library's function that called that code (a subscribe handler's).
        let frames = Backtrace.capture(skip: 0, maxFrames: framesKept + 12)
        scope.addTask(
            context: DeathWatch(objectAt: context), madeAt: { madeAt(frames, by: "swift_task_create") },
            isMadeInSubscribeHandler: { madeInSubscribeHandler(frames) })
    }

    /// Called by the hook once the runtime has made the task whose closure's context ``makingTask(context:)``
    /// was told of: a continuation refers to the task, not to its closure.
    package static func madeTask(context: UnsafeMutableRawPointer, task: UnsafeMutableRawPointer) {
        guard let scope = LeakScope.current ?? RunningCheck.ambientScope ?? UnscopedWork.existing()?.scope else {
            return
        }
        scope.noteTask(UInt(bitPattern: task), madeWith: UInt(bitPattern: context))
    }

    /// Called by the hook with the record of a block given to `dispatch_after` while a check is open; true
    /// when a check keeps it (``DispatchBlocks``), to give it up once judged.
    package static func pendingBlock(_ record: UnsafeMutableRawPointer) -> Bool {
        guard let access = blockAccess.withLock({ $0 }),
            let scope = LeakScope.current ?? RunningCheck.ambientScope ?? UnscopedWork.resolve()?.scope
        else { return false }
        let frames = Backtrace.capture(skip: 0, maxFrames: framesKept + 4)
        return scope.addPendingBlock(
            DispatchBlocks.Block(record: record, access: access) { madeAt(frames, by: "dispatch_after") })
    }

    /// Called by the hook with a continuation misuse the Swift runtime reports while a check is open
    /// (``ContinuationMisuse``), on the thread that dropped the continuation's last reference.
    package static func continuationMisuse(_ message: String) {
        guard let scope = LeakScope.current ?? RunningCheck.ambientScope ?? UnscopedWork.resolve()?.scope else {
            return
        }
        // The runtime's report, its canary's deinit and the release that freed it come before the code under test.
        let frames = Backtrace.capture(skip: 0, maxFrames: framesKept + 16)
        // Dropped in the task that awaits it (the body of `withCheckedContinuation` returned without keeping
        // it): that task's async frames say where it awaits.
        let resumePoints = AsyncFrames.currentResumePoints()
        // Placed when judged, as the other sites: not from inside the runtime's release.
        scope.addContinuationMisuse {
            let site = madeAt(frames, by: "swift_reportError")
            var misuse = ContinuationMisuse(runtimeMessage: message, droppedAt: site.line == 0 ? nil : site)
            misuse.awaitedAt = awaitSite(resumePoints, function: misuse.function)
            return misuse
        }
    }

    /// Where the function the runtime names (`run()`) awaits, among a task's resume points; nil when none of
    /// them is that function's (the continuation was dropped by another task than the one awaiting it).
    private static func awaitSite(_ resumePoints: [UInt], function: String) -> SourceSite? {
        // Resume points are entry points, not return addresses: symbolicate steps back one byte.
        let frame = Backtrace.symbolicate(resumePoints.map { $0 &+ 1 }).first { frame in
            guard let file = frame.file, !file.contains("<compiler-generated>"), let name = frame.function else {
                return false
            }
            return name.contains(".\(function)")
        }
        guard let frame, let file = frame.file else { return nil }
        return SourceSite(file: file, line: UInt(frame.line ?? 0), function: frame.function ?? "")
    }

    /// The first frame of the code that made the object or the task: past the hook (`hook`) and the
    /// class's allocating initialiser or `Task`'s.
    private static func madeAt(_ frames: [UInt], by hook: String = "swift_allocObject") -> SourceSite {
        let symbolicated = Backtrace.symbolicate(frames)
        guard let index = caller(in: symbolicated, by: hook), let file = symbolicated[index].file else {
            return SourceSite(file: "an unknown place", line: 0)
        }
        let caller = symbolicated[index]
        return SourceSite(file: file, line: UInt(caller.line ?? 0), function: caller.function ?? "")
    }

    /// Where the first frame of the code that made the object or the task is in `frames`.
    private static func caller(in frames: [Backtrace.Frame], by hook: String) -> Int? {
        let afterHook = frames.lastIndex { $0.function == hook }.map { $0 + 1 } ?? 0
        return frames[afterHook...].firstIndex { frame in
            let function = frame.function ?? ""
            guard let file = frame.file, !file.contains("<compiler-generated>") else { return false }
            return !function.contains("__allocating_init") && !function.hasPrefix("Task.init")
        }
    }

    /// Whether the code that made a task was called by a library's function that sets a subscription up
    /// (``LeakIntegration/callsSubscribeHandler(_:)``): the task was made in `Observable.create`'s closure.
    private static func madeInSubscribeHandler(_ frames: [UInt]) -> Bool {
        let symbolicated = Backtrace.symbolicate(frames)
        guard let index = caller(in: symbolicated, by: "swift_task_create") else { return false }
        let integrations = LeakIntegrations.all
        return symbolicated[(index + 1)...].contains { frame in
            frame.function.map { symbol in integrations.contains { $0.callsSubscribeHandler(symbol) } } ?? false
        }
    }
}

/// The modules whose classes are "the code under test": their objects made
/// while a check is open are tracked by themselves.
///
/// By default every module but the toolchain's and RxLeaks' own; the
/// environment variable `RXLEAKS_TRACK_MODULES` names them exactly
/// (comma-separated; empty: none), as `rxleaks test` does with the package's
/// own targets.
package struct TrackedModules: Sendable {
    /// Exactly these modules, or every module but ``excluded`` when nil.
    let named: Set<String>?

    /// The environment variable that names the modules.
    package static let environmentVariable = "RXLEAKS_TRACK_MODULES"

    static let current = TrackedModules(environment: getenv(environmentVariable).map { String(cString: $0) })

    init(environment value: String?) {
        named = value.map { Set($0.split(separator: ",").map { $0.filter { $0 != " " } }.filter { !$0.isEmpty }) }
    }

    /// The toolchain's modules and RxLeaks' own (``packageModules``, generated from Package.swift), never the
    /// code under test.
    static let excluded: Set<String> = packageModules.union([
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed",
        "Dispatch", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "XCTest", "Testing", "Runtime", "Cxx", "CxxStdlib",
    ])

    func contains(_ module: String) -> Bool {
        if let named { return named.contains(module) }
        return !Self.excluded.contains(module) && !module.hasPrefix("_") && !module.hasSuffix("Compat")
    }
}
