/// What a root of the path search is: something that outlives a check and may hold what the check
/// made. The kinds are the typed references' roots (``RetainReference/Root``), the reference a path
/// from one starts with in a report; each says here, as data, how the search treats its roots
/// (``RetainReference/Root/priority``) and what a path from one means. A new holder kind is a case
/// there, its rows here, and a ``RootProvider``.
typealias RootKind = RetainReference.Root

extension RetainReference.Root {
    /// Which roots the search reads first, lowest first: an object that roots of
    /// several kinds reach is explained from the kind with the lowest priority, by
    /// the shortest path from its roots. What holds an object through its own
    /// closure's capture (a task's, a pending block's, a timer's) says more than
    /// a global that reaches it through stored data; a word on a stack or in the
    /// notification center's table, found by a scan, says least. A task that can
    /// never resume is read before the tasks that may still end, and a task made while subscribing before the
    /// others (its fix is in the disposable, not the capture).
    var priority: Int {
        switch self {
        case .stuckTask: 0
        case .subscriptionTask: 1
        case .task: 2
        case .dispatchBlock: 3
        case .timer: 4
        case .global: 5
        case .threadStack: 6
        case .notificationObserver: 7
        }
    }

    /// What a path from a root of this kind says about the object it reaches.
    enum Meaning {
        /// Through a closure's capture it is a leak (the capture is the fix, ``pattern``);
        /// through plain stored data only, the object is kept by design (a cache, a singleton).
        case leakThroughCapture
        /// The root refers to it, which says nothing of why: it is kept, named after the root.
        case keptByDesign
    }

    var meaning: Meaning { self == .threadStack ? .keptByDesign : .leakThroughCapture }

    /// How a path from a root of this kind to an object that is on a retain cycle of
    /// its own (and held from outside it) is read.
    enum CycleRule {
        /// Roots of this kind are not searched for it: its cycle explains it.
        case notSearched
        /// A capture on the path is the fix, whatever the cycle does (a timer's block).
        case captureIsTheFix
        /// A capture on the path leaves the cycle as the explanation; plain stored
        /// data keeps it by design whatever its cycle does (a singleton made lazily).
        case cycleIsTheFix
    }

    var cycleRule: CycleRule {
        switch self {
        case .timer: .captureIsTheFix
        case .global: .cycleIsTheFix
        case .stuckTask, .subscriptionTask, .task, .dispatchBlock, .threadStack, .notificationObserver: .notSearched
        }
    }

    /// How a root of this kind is shown at the start of a path the search reads from its object.
    var shownAs: RetainNode.Kind {
        switch self {
        case .task, .stuckTask, .subscriptionTask: .task
        case .dispatchBlock: .dispatchWork
        case .timer: .timer
        case .global, .notificationObserver: .global
        case .threadStack: .unknown
        }
    }

    /// The pattern, and its fix, of an object that a closure held from such a root captures.
    var pattern: LeakPattern? {
        switch self {
        case .task: TaskClosures.pattern
        case .stuckTask: StuckTasks.pattern
        // In the words of the library whose subscription made the task.
        case .subscriptionTask:
            LeakIntegrations.all.lazy.compactMap { $0.pattern(for: .taskOutlivingSubscription) }.first
                ?? LeakShape.taskOutlivingSubscription.neutralPattern
        case .dispatchBlock: DispatchBlocks.pattern
        case .timer: TimerHolders.pattern
        case .global: GlobalRoots.pattern
        case .threadStack: nil
        case .notificationObserver: ObserverTable.pattern
        }
    }

    /// Whether the fix of an object a path from such a root reaches changes a reference on the path (its last
    /// capture). A task that can never resume is fixed where it awaits, a task made while subscribing in the
    /// disposable that must cancel it: what their closures capture is only what they keep.
    var isFixedOnThePath: Bool { self != .stuckTask && self != .subscriptionTask }
}
