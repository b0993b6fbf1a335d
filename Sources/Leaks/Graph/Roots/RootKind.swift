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
    /// never resume is read before the tasks that may still end.
    var priority: Int {
        switch self {
        case .stuckTask: 0
        case .task: 1
        case .dispatchBlock: 2
        case .timer: 3
        case .global: 4
        case .threadStack: 5
        case .notificationObserver: 6
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
        case .stuckTask, .task, .dispatchBlock, .threadStack, .notificationObserver: .notSearched
        }
    }

    /// How a root of this kind is shown at the start of a path the search reads from its object.
    var shownAs: RetainNode.Kind {
        switch self {
        case .task, .stuckTask: .task
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
        case .dispatchBlock: DispatchBlocks.pattern
        case .timer: TimerHolders.pattern
        case .global: GlobalRoots.pattern
        case .threadStack: nil
        case .notificationObserver: ObserverTable.pattern
        }
    }

    /// Whether the fix of an object a path from such a root reaches changes a reference on the path (its last
    /// capture). A task that can never resume is fixed where it awaits: what its closure captures is only what
    /// it keeps.
    var isFixedOnThePath: Bool { self != .stuckTask }
}
