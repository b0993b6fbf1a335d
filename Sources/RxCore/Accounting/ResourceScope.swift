import CRxCoreThread
import Synchronization

/// A region of work (a leak check, a test) to which RxCore attributes the
/// resources, subscriptions and closures made inside it.
///
/// The current scope is task-local, so parallel tests each see their own; RxCore's
/// schedulers carry it to the threads and later moments where scheduled work runs.
/// Enter one with ``run(_:)``.
public final class ResourceScope: Sendable {
    /// The scope that work on this task or thread is attributed to, if any.
    @TaskLocal public static var current: ResourceScope?

    /// How many scopes are running anywhere; when none is, resource creation
    /// skips the task-local lookup entirely.
    private static let running = Atomic<Int>(0)

    /// The scope of work that runs in no task-local scope, while one is set:
    /// for test helpers that cannot wrap the code they check in ``run(_:)``.
    private static let ambient = Mutex<ResourceScope?>(nil)
    /// Whether ``ambient`` is set: read first, so that finding no scope costs no lock.
    private static let hasAmbient = Atomic<Bool>(false)
    /// Finds the scope of work that runs in no task-local and no ambient scope
    /// (a test runner's: the running test's), while one is set.
    private static let resolver = Mutex<(@Sendable () -> ResourceScope?)?>(nil)
    private static let hasResolver = Atomic<Bool>(false)

    /// A human-readable name, such as the leak check's or the test's.
    public let name: String
    /// Told about closures and subscriptions made inside the scope.
    package let observer: (any ResourceScopeObserver)?
    /// Live resources made in this scope, by kind index (``ResourceKind``): one
    /// atomic per kind, so that a check can say what a test left by kind.
    nonisolated(unsafe) private let live: UnsafeMutablePointer<Atomic<Int>>
    private let scheduled = Atomic<Int>(0)
    /// What ``pendingWork`` counts, each with its place in the order of
    /// scheduling; items remove themselves as they end. Keyed by item: a scope
    /// may hold thousands (every event `observe(on:)` a serial queue has queued).
    /// A pthread mutex rather than `Mutex`, whose contended hand-over through
    /// the kernel ThreadSanitizer does not model: every contended section was
    /// reported as a race and, suppressed, still cost a replay of the thread's
    /// history while the lock was held, which stalled the stress suite.
    private let pendingRecords = Locked(PendingRecords())

    private struct PendingRecords {
        var byItem: [ObjectIdentifier: (order: UInt64, record: PendingWorkRecord)] = [:]
        var nextOrder: UInt64 = 0
    }

    /// Creates a scope; nothing is attributed to it until ``run(_:)``.
    public convenience init(name: String) {
        self.init(name: name, observer: nil)
    }

    /// A scope whose closures and subscriptions `observer` is told about (the leak engine's).
    package init(name: String, observer: (any ResourceScopeObserver)?) {
        self.name = name
        self.observer = observer
        live = .allocate(capacity: Int(CRXCORE_KIND_CAPACITY))
        for index in 0..<Int(CRXCORE_KIND_CAPACITY) { (live + index).initialize(to: Atomic(0)) }
    }

    deinit {
        live.deinitialize(count: Int(CRXCORE_KIND_CAPACITY))
        live.deallocate()
    }

    /// RxCore resources created in this scope and still alive.
    public var liveResources: Int { liveResourceSnapshot().total }

    /// RxCore resources created in this scope and still alive, by kind: what
    /// the work of the scope itself left, whatever other scopes or the rest of
    /// the process keep.
    public func liveResourceSnapshot() -> ResourceSnapshot {
        ResourceSnapshot(
            ResourceKindTable.shared.kindsSoFar.enumerated().map { index, kind in
                (kind.name, kind.family, live[index].load(ordering: .relaxed))
            })
    }

    /// Work scheduled in this scope on the main or a dispatch scheduler that
    /// has neither run nor been cancelled (a periodic timer counts as one), so
    /// a leak check waits for its own work only.
    public var pendingWork: Int { scheduled.load(ordering: .acquiring) }

    /// The work ``pendingWork`` counts, each item with its scheduler and the
    /// subscription it was scheduled for.
    public var pendingWorkRecords: [PendingWorkRecord] {
        pendingRecords.withLock { $0.byItem.values.sorted { $0.order < $1.order }.map(\.record) }
    }

    /// Runs `body` with this scope current.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        Self.running.wrappingAdd(1, ordering: .relaxed)
        defer { Self.running.wrappingSubtract(1, ordering: .relaxed) }
        return try Self.$current.withValue(self, operation: body)
    }

    /// Runs asynchronous `body` with this scope current.
    public func run<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> T
    {
        Self.running.wrappingAdd(1, ordering: .relaxed)
        defer { Self.running.wrappingSubtract(1, ordering: .relaxed) }
        return try await Self.$current.withValue(self, operation: body, isolation: isolation)
    }

    /// Makes this scope the one that work outside any task-local scope is
    /// attributed to, until ``endAmbient()``: for test helpers that cannot wrap
    /// the code they check (XCTest's `trackForLeaks` spans a test's body and
    /// teardown). One at a time; returns false, changing nothing, while
    /// another is set.
    @discardableResult
    package func beginAmbient() -> Bool {
        let began = Self.ambient.withLock { ambient -> Bool in
            guard ambient == nil else { return false }
            ambient = self
            Self.hasAmbient.store(true, ordering: .releasing)
            return true
        }
        if began { Self.running.wrappingAdd(1, ordering: .relaxed) }
        return began
    }

    /// Ends what ``beginAmbient()`` began; does nothing when this scope is not the ambient one.
    package func endAmbient() {
        let ended = Self.ambient.withLock { ambient -> Bool in
            guard ambient === self else { return false }
            ambient = nil
            Self.hasAmbient.store(false, ordering: .releasing)
            return true
        }
        if ended { Self.running.wrappingSubtract(1, ordering: .relaxed) }
    }

    /// Attributes work that runs in no task-local scope and no ambient one to
    /// the scope `resolve` returns on the thread making it, until called with
    /// `nil`: for a test runner whose tests run in parallel and cannot be wrapped
    /// in ``run(_:)`` (the running test, read from the runner's own task-local).
    /// `resolve` runs on every resource creation outside a scope, so it must be
    /// quick, and must not create RxCore resources itself.
    package static func attributeUnscopedWork(to resolve: (@Sendable () -> ResourceScope?)?) {
        let change = resolver.withLock { current -> Int in
            let change = (resolve == nil ? 0 : 1) - (current == nil ? 0 : 1)
            current = resolve
            hasResolver.store(resolve != nil, ordering: .releasing)
            return change
        }
        running.wrappingAdd(change, ordering: .relaxed)
    }

    /// The current scope (else the ambient one), or `nil` at once when no
    /// scope runs anywhere.
    @inline(__always)
    static var attributable: ResourceScope? {
        guard running.load(ordering: .relaxed) != 0 else { return nil }
        return attributableWhileRunning()
    }

    /// Out of line: inlined into every resource's initialiser, the task-local
    /// lookup made the common case (no scope) spill registers.
    @inline(never)
    private static func attributableWhileRunning() -> ResourceScope? {
        if let current { return current }
        if hasAmbient.load(ordering: .acquiring), let scope = ambient.withLock({ $0 }) { return scope }
        return hasResolver.load(ordering: .acquiring) ? resolver.withLock { $0 }?() : nil
    }

    /// Runs `body` with `scope` current, or plainly when `scope` is `nil`;
    /// schedulers use it to carry the scope of whoever scheduled the work.
    @inline(__always)
    static func restoring<T>(_ scope: ResourceScope?, _ body: () throws -> T) rethrows -> T {
        guard let scope else { return try body() }
        return try scope.run(body)
    }

    func workScheduled(_ item: AnyObject, _ record: PendingWorkRecord) {
        pendingRecords.withLock { records in
            records.byItem[ObjectIdentifier(item)] = (records.nextOrder, record)
            records.nextOrder += 1
        }
        scheduled.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }

    func workFinished(_ item: AnyObject) {
        pendingRecords.withLock { _ = $0.byItem.removeValue(forKey: ObjectIdentifier(item)) }
        scheduled.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }

    /// A resource of the kind at `index` was made in this scope.
    func resourceCreated(_ index: Int32) { live[Int(index)].wrappingAdd(1, ordering: .relaxed) }
    /// A resource of the kind at `index` made in this scope was freed.
    func resourceReleased(_ index: Int32) { live[Int(index)].wrappingSubtract(1, ordering: .relaxed) }
}

/// Receives what RxCore sees happen inside a ``ResourceScope``; the leak engine
/// implements it to track the objects that user closures capture.
package protocol ResourceScopeObserver: AnyObject, Sendable {
    /// A user closure was handed to an RxCore operator.
    ///
    /// - Parameters:
    ///   - scope: the scope the closure was handed over in.
    ///   - closure: the closure's context and the call that took it. The
    ///     context is only valid during this call.
    func scope(_ scope: ResourceScope, received closure: ClosureReceipt)
}

/// A user closure handed to an RxCore operator, as the scope observer sees it.
package struct ClosureReceipt: @unchecked Sendable {
    /// The closure's context object, or `nil` for a closure that captures nothing.
    package let context: UnsafeMutableRawPointer?
    /// The operator that took it, such as `"flatMap"` or `"subscribe(onNext:)"`.
    package let operatorName: String
    /// Where the operator was called.
    package let site: CallSite
}
