import Synchronization

/// One leak check from start to verdict.
final class RunningCheck {
    let scope: LeakScope
    /// What each registered library does for this check.
    let sessions: [any LeakIntegrationSession]
    private let before: ResourceCounts.Moment
    /// Whether the allocation hook records for this check (``AllocationTracking``).
    private let tracksAllocations: Bool

    /// The scope of the open check that work outside any check's block is
    /// attributed to (``open()``), for objects made there.
    private static let ambient = Mutex<LeakScope?>(nil)
    private static let hasAmbient = Atomic<Bool>(false)

    static var ambientScope: LeakScope? {
        hasAmbient.load(ordering: .acquiring) ? ambient.withLock { $0 } : nil
    }

    init(name: String, closureBudget: Int? = nil) {
        let scope = LeakScope(name: name, backtraces: Backtraces.isEnabled, closureBudget: closureBudget)
        self.scope = scope
        sessions = LeakIntegrations.all.map { $0.makeSession(for: scope) }
        before = ResourceCounts.Moment.now(sessions: sessions, tracked: [])
        tracksAllocations = AllocationTracking.begin()
    }

    /// Runs the block inside every session, with the scope current; returns what it threw.
    func execute(_ body: (LeakScope) throws -> Void) -> Error? {
        func run(from index: Int) throws {
            guard index < sessions.count else { return try LeakScope.$current.withValue(scope) { try body(scope) } }
            try sessions[index].run { try run(from: index + 1) }
        }
        do {
            try run(from: 0)
            return nil
        } catch {
            return error
        }
    }

    func execute(isolation: isolated (any Actor)?, _ body: (LeakScope) async throws -> Void) async -> Error? {
        do {
            try await run(from: 0, isolation: isolation, body)
            return nil
        } catch {
            return error
        }
    }

    private func run(from index: Int, isolation: isolated (any Actor)?, _ body: (LeakScope) async throws -> Void)
        async throws
    {
        guard index < sessions.count else {
            return try await LeakScope.$current.withValue(
                scope, operation: { try await body(scope) }, isolation: isolation)
        }
        try await sessions[index].run(isolation: isolation) {
            try await run(from: index + 1, isolation: isolation, body)
        }
    }

    /// Starts attributing work made outside any block to this check; false
    /// when a library could not (another open check).
    func open() -> Bool {
        let opened = sessions.map { $0.beginOpenRun() }.allSatisfy { $0 }
        if opened {
            Self.ambient.withLock { ambient in
                guard ambient == nil else { return }
                ambient = scope
                Self.hasAmbient.store(true, ordering: .releasing)
            }
        }
        return opened
    }

    /// Ends what ``open()`` began.
    func close() {
        sessions.forEach { $0.endOpenRun() }
        Self.ambient.withLock { ambient in
            guard ambient === scope else { return }
            ambient = nil
            Self.hasAmbient.store(false, ordering: .releasing)
        }
    }

    /// Settles and judges. With a `holder`, judges as if it had released
    /// everything it holds (see ``TrialRelease``): what that would free is
    /// released late, not leaked, and so are the subscriptions of bags it
    /// would free and, when nothing else is left, the resources.
    func finish(settle: SettlePolicy, thrown: Error?, releasing holder: UInt? = nil) -> LeakReport {
        scope.stopTrackingAllocations()
        if tracksAllocations { AllocationTracking.end() }
        // What the check's tasks do while it settles and is judged is still its own.
        defer { if tracksAllocations { AllocationTracking.endWatchingContinuations() } }
        let tracked = scope.trackedObjects
        let timers = scope.timers, tasks = scope.tasks, blocks = scope.pendingBlocks
        defer {
            (tracked + timers).forEach { $0.release() }
            tasks.forEach { $0.context.release() }
            blocks.forEach { $0.forget() }
        }
        let afterTeardown = ResourceCounts.Moment.now(sessions: sessions, tracked: tracked)
        let aliveBeforeSettling = Set(tracked.filter(\.isAlive).map(\.address))
        let unsettled = Settler.settle(settle, sessions: sessions)
        func judge(unsettled: [String]) -> LeakReport {
            verdict(
                tracked: tracked, aliveBeforeSettling: aliveBeforeSettling, afterTeardown: afterTeardown,
                unsettled: unsettled, thrown: thrown, holder: holder, timers: timers, tasks: tasks,
                blocks: blocks)
        }
        let report = judge(unsettled: unsettled)
        // Only a verdict that is not clean takes a second look: a clean one cannot get cleaner.
        guard !report.isClean else { return report }
        let leaked = Set(report.leaks.map(\.address))
        // A task still running, or a block still pending, may end within the deadline and release what it
        // holds: released late, then.
        let heldByTasks = report.leaks.contains {
            [
                HiddenHolder.Work.task.pattern.id, TaskClosures.pattern.id, LeakShape.taskOutlivingSubscription.id,
                DispatchBlocks.pattern.id,
            ].contains(
                $0.pattern?.id)
        }
        let changed = Settler.secondLook(
            settle, leaked: tracked.filter { leaked.contains($0.address) }, untilDeadline: heldByTasks)
        // Another thread may also have finished while the first verdict was being reached, or a task that had
        // not run yet dropped its continuation (then it can never resume).
        guard
            changed || ResourceCounts.Moment.now(sessions: sessions, tracked: tracked) != report.counts.afterSettling
                || scope.continuationMisuseCount != report.continuationMisuses.count
        else {
            return report
        }
        // What those threads scheduled with a library is settled too.
        return judge(unsettled: Settler.settle(settle, sessions: sessions))
    }

    /// Judges what is left once pending work has settled.
    private func verdict(
        tracked: [TrackedObject], aliveBeforeSettling: Set<UInt>, afterTeardown: ResourceCounts.Moment,
        unsettled: [String], thrown: Error?, holder: UInt?, timers: [TrackedObject],
        tasks: [TaskClosures.Task], blocks: [DispatchBlocks.Block]
    ) -> LeakReport {
        let afterSettling = ResourceCounts.Moment.now(sessions: sessions, tracked: tracked)
        let trial = holder.map { TrialRelease(releasing: $0, inspector: HeapInspector(describes: false)) } ?? .none
        let freed = trial.freed
        let made = sessions.flatMap { $0.liveSubscriptions() }
        let liveSubscriptions = made.filter { subscription in
            subscription.ownerAddress.map { !freed.contains($0) } ?? true
        }
        // One definition of the subscriptions left, for the list and the counts by kind: those the released
        // holder ends (a test case's own bag) are in neither.
        var leftResources = sessions.flatMap(\.liveResourcesByKind).removing(
            made.count - liveSubscriptions.count, of: LiveSubscription.resourceKind)
        // The holder is released in the trial, so never a leak itself (a test
        // case a closure captured, in a cycle through its own properties).
        let survivors = tracked.filter { $0.isAlive && !freed.contains($0.address) && $0.address != holder }
        let releasedLate = tracked.filter {
            aliveBeforeSettling.contains($0.address) && (!$0.isAlive || freed.contains($0.address))
        }.map(\.typeName)
        let misuses = scope.continuationMisuses
        // What may hold what resumes a task, besides the tasks: a thread's stack is not asked, whose stale words
        // (a pool thread that ran the task) say nothing of a holder.
        let holdersOfWork: [any RootProvider] = [
            DispatchBlockRoots(blocks: blocks), TimerRoots(timers: timers), GlobalRoots(), ObserverRoots(),
        ]
        let judged = Judge(
            workStillAlive: !liveSubscriptions.isEmpty || !leftResources.isEmpty, closures: scope.closures,
            tasks: tasks, trial: trial,
            roots: [
                StuckTaskRoots(tasks: tasks, misuses: misuses, others: holdersOfWork),
                TaskRoots(tasks: tasks, kind: .subscriptionTask), TaskRoots(tasks: tasks),
                ThreadStacks(),
            ] + holdersOfWork
        )
        .verdicts(among: survivors)
        let leaks = judged.leaks
        let problems =
            scope.problems
            + (judged.unjudged == 0
                ? []
                : [
                    "\(judged.unjudged) objects made in the check and still alive were not judged: the graphs read for "
                        + "the others reached \(Judge.madeObjectsNodeBudget) objects"
                ])
            + (judged.unsearched == 0
                ? []
                : [
                    "\(judged.unsearched) objects made in the check and held from outside were not judged: the search "
                        + "for their holders read \(RootSearch.nodeBudget) objects from the roots before finding one"
                ])
        // The resources of what the holder would free cannot be told apart from
        // others; once nothing else is left, they are taken to go with it.
        if !freed.isEmpty, leaks.isEmpty, liveSubscriptions.isEmpty { leftResources = [] }
        // Made once: the resources the check made that the globals and statics of the code under test keep,
        // directly (a `static let` subject made on first use) or through objects kept by design (the relay of a
        // service made lazily), when no subscription is left, nothing is unsettled and nothing leaked, are what the
        // first use makes, not work left. One run cannot tell them from a holder that keeps more every run.
        if leaks.isEmpty, liveSubscriptions.isEmpty, unsettled.isEmpty, !leftResources.isEmpty {
            let held = Self.libraryObjects(
                heldBy: GlobalRoots.roots(modules: .current).map(\.address) + judged.keptFrom.keys,
                closures: scope.closures)
            for kind in sessions.flatMap({ $0.resourcesMade(among: held) }) {
                leftResources = leftResources.removing(kind.count, of: kind.name)
            }
        }

        // Work left with no leaked object to blame is explained by what holds it.
        let explained =
            leaks.isEmpty && !liveSubscriptions.isEmpty
            ? WorkHolders.explaining(liveSubscriptions, closures: scope.closures, trial: trial) : liveSubscriptions
        var report = LeakReport(
            name: scope.name,
            leaks: leaks,
            releasedLate: releasedLate,
            leftResources: leftResources,
            liveSubscriptions: explained,
            counts: ResourceCounts(before: before, afterTeardown: afterTeardown, afterSettling: afterSettling),
            thrownError: thrown.map { "\($0)" },
            unsettled: unsettled,
            problems: problems)
        report.continuationMisuses = misuses
        let leaked = Set(leaks.map(\.address))
        report.keptAlive = Self.countedNames(
            survivors.filter { $0.origin == .allocated && !leaked.contains($0.address) }.map { object in
                judged.keptFrom[object.address].map { "\(object.typeName) (held from \($0))" } ?? object.typeName
            })
        return report
    }

    /// The most objects read from the globals and the objects kept by design for the library objects they hold.
    static let keptObjectsNodeBudget = 100_000

    /// The library objects (not their storage) `objects` hold, themselves included.
    private static func libraryObjects(heldBy objects: [UInt], closures: ClosureTable) -> [UInt] {
        guard !objects.isEmpty else { return [] }
        let nodes = RetainGraph(
            roots: objects, inspector: HeapInspector(closures: closures), budget: keptObjectsNodeBudget
        ).nodes
        return (0..<nodes.count).filter { nodes.isLibrary($0) && nodes.kind(ofNode: $0) != .storage }.map {
            nodes.addresses[$0]
        }
    }

    /// Each name once, in first-seen order, with `×n` when it came n times.
    private static func countedNames(_ names: [String]) -> [String] {
        var counts: [String: Int] = [:], order: [String] = []
        for name in names {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.map { counts[$0] == 1 ? $0 : "\($0) ×\(counts[$0]!)" }
    }
}

extension ResourceCounts.Moment {
    /// The first integration's library counts (zero without one) and the tracked objects alive.
    static func now(sessions: [any LeakIntegrationSession], tracked: [TrackedObject]) -> Self {
        let library = sessions.lazy.compactMap { $0.counts() }.first
        return Self(
            kinds: library?.kinds ?? [], trackedObjects: tracked.filter(\.isAlive).count,
            total: library?.total ?? 0)
    }
}
