/// A library that leak checks follow: it tells the engine about the closures
/// handed to it, the work it keeps alive, how its schedulers settle, and how
/// its own types read in a retain cycle.
///
/// The engine knows no library; without an integration it judges tracked
/// objects by their lifetimes and the heap graph alone. Register one with
/// ``LeakIntegrations/register(_:)`` before the first check (the RxCore
/// integration registers itself when linked). Every requirement but
/// ``makeSession(for:)`` has a default that adds nothing.
public protocol LeakIntegration: AnyObject, Sendable {
    /// The session that follows one check, or the whole process when `scope`
    /// is nil (settling for a watcher outside any check).
    func makeSession(for scope: LeakScope?) -> any LeakIntegrationSession

    /// Whether a full type name (`Module.Type<…>`) is the library's own (its
    /// module's): such objects are never tracked as captured user objects, their
    /// fields read `Type.field` in a cycle, and ``role(of:)`` says what they are.
    func isLibraryType(_ fullTypeName: String) -> Bool

    /// What instances of the class `type` are to the engine, asked once per
    /// class met (the standard library's aside): answer by type (`type ==
    /// Bag.self`, a conformance to the library's subject protocol), never by
    /// name, so that a user's class named like one (`ProfileSubject`) is not taken for it.
    func role(of type: Any.Type) -> LibraryObjectRole?

    /// A better name for the object at `address`, of the `role` given its class, than
    /// its short type name (`subscription #3 (…)` for a subscription), or nil.
    func name(ofObjectAt address: UInt, role: LibraryObjectRole) -> String?

    /// Whether each object of the library class `type` says what it is better
    /// than the class's short name: a class several operators share, each
    /// object recording its own operator. Asked once per class, by type;
    /// such an object is named by ``name(ofObjectAt:)``, and so are its fields' labels.
    func namesEachObject(of type: Any.Type) -> Bool

    /// The name of the object at `address`, of a class ``namesEachObject(of:)``
    /// accepted (`SkipWhile` for a producer class every single-source operator
    /// shares), or nil for its short type name.
    func name(ofObjectAt address: UInt) -> String?

    /// The full type name of a value the library stores beside a closure it
    /// took, in a field named `site`, recording where the closure was handed
    /// over; nil when it stores none. A library object holding closures
    /// without a `site` of its own takes the one of the first object it
    /// refers to strongly that has one (an observer, its subscription's).
    var closureSiteTypeName: String? { get }

    /// `File.swift:42`, read from a value of type ``closureSiteTypeName`` at `address`.
    func closureSite(at address: UInt) -> String?

    /// The library's name for a cycle of `shape` through its objects, with
    /// where its documentation explains it and the fix in its terms; nil for
    /// the engine's neutral wording.
    func pattern(for shape: LeakShape) -> LeakPattern?

    /// Whether a function symbol belongs to the library: its method
    /// references (`observer.on`) are not the user's.
    func ownsFunction(_ symbol: String) -> Bool

    /// Whether the function `symbol` (demangled) calls the closure that sets up a subscription and returns what
    /// ends it (RxCore's `Observable.create`'s): a task made in that closure must be cancelled by what it returns.
    func callsSubscribeHandler(_ symbol: String) -> Bool

    /// Called when ``Backtraces/isEnabled`` changes, so the library captures
    /// backtraces of its own work too.
    func backtracesChanged(enabled: Bool)

    /// Attributes the library's work made outside any check's block to the
    /// session `resolve` returns on the thread making it (a session this
    /// integration made), until called with `nil`. See ``UnscopedWork``.
    func attributeUnscopedWork(to resolve: (@Sendable () -> (any LeakIntegrationSession)?)?)
}

/// What a library object is to the leak shapes a report names and to the
/// cycles it shows; its references are named by it (`holds`, `observer`, `upstream`).
public enum LibraryObjectRole: Sendable {
    /// It keeps subscriptions alive (a dispose bag, a set of cancellables):
    /// handing it to another object makes that object keep them. Its references read `holds`.
    case subscriptionContainer
    /// It relays values to observers it keeps (a subject or relay). Its references read `observer`.
    case subject
    /// It is one subscription: a cycle through it can show where it was made
    /// and what owns it, so such a cycle is preferred to a slightly shorter one.
    /// Its references read `upstream`.
    case subscription
    /// It only carries a reference along (a lock, a slot, a disposer): folded out of the cycles shown.
    case plumbing
}

extension LeakIntegration {
    public func isLibraryType(_ fullTypeName: String) -> Bool { false }
    public func role(of type: Any.Type) -> LibraryObjectRole? { nil }
    public func name(ofObjectAt address: UInt, role: LibraryObjectRole) -> String? { nil }
    public func namesEachObject(of type: Any.Type) -> Bool { false }
    public func name(ofObjectAt address: UInt) -> String? { nil }
    public var closureSiteTypeName: String? { nil }
    public func closureSite(at address: UInt) -> String? { nil }
    public func pattern(for shape: LeakShape) -> LeakPattern? { nil }
    public func ownsFunction(_ symbol: String) -> Bool { false }
    public func callsSubscribeHandler(_ symbol: String) -> Bool { false }
    public func backtracesChanged(enabled: Bool) {}
    public func attributeUnscopedWork(to resolve: (@Sendable () -> (any LeakIntegrationSession)?)?) {}
}

/// What an integration does for one leak check (or, without a check, for
/// the whole process).
public protocol LeakIntegrationSession: AnyObject, Sendable {
    /// Runs the check's block so the library attributes what it makes to this
    /// check (and tells the scope about closures with
    /// ``LeakScope/noteClosure(context:givenTo:file:line:)``).
    func run(_ body: () throws -> Void) rethrows

    /// Runs the check's asynchronous block as ``run(_:)`` does.
    func run(isolation: isolated (any Actor)?, _ body: () async throws -> Void) async rethrows

    /// Starts attributing to this check what the library makes outside any
    /// other check, until ``endOpenRun()``: for an ``OpenLeakCheck``, whose
    /// code is not one block. False when the library cannot (another one is open).
    func beginOpenRun() -> Bool

    /// Ends what ``beginOpenRun()`` began.
    func endOpenRun()

    /// Runs the work due on the calling thread (a main queue drained here);
    /// returns how many items ran.
    func drainOnThisThread() -> Int

    /// Waits until the check's work on other threads is done, at most
    /// `timeout`; true when none is pending.
    func waitUntilIdle(timeout: Duration) -> Bool

    /// The check's work still pending, one description per kind of work (or per item).
    func pendingWork() -> [String]

    /// Subscriptions made in the check and still alive.
    func liveSubscriptions() -> [LiveSubscription]

    /// Library resources made in the check and still alive, by kind (`sinks`,
    /// `subscriptions` …), kinds with none left out: what the check's own code
    /// left, whatever the rest of the process keeps.
    var liveResourcesByKind: [ResourceCounts.KindCount] { get }

    /// The library's live counts now, process-wide.
    func counts() -> ResourceCounts.Moment?

    /// Of the library objects at `objects` (alive, met in the heap), the resources made in the check, by the
    /// kinds ``liveResourcesByKind`` names: which of the resources the check left a holder keeps.
    func resourcesMade(among objects: [UInt]) -> [ResourceCounts.KindCount]
}

extension LeakIntegrationSession {
    public func run(_ body: () throws -> Void) rethrows { try body() }
    public func run(isolation: isolated (any Actor)?, _ body: () async throws -> Void) async rethrows {
        try await body()
    }
    public func beginOpenRun() -> Bool { true }
    public func endOpenRun() {}
    public func drainOnThisThread() -> Int { 0 }
    public func waitUntilIdle(timeout: Duration) -> Bool { true }
    public func pendingWork() -> [String] { [] }
    public func liveSubscriptions() -> [LiveSubscription] { [] }
    public var liveResourcesByKind: [ResourceCounts.KindCount] { [] }
    public func counts() -> ResourceCounts.Moment? { nil }
    public func resourcesMade(among objects: [UInt]) -> [ResourceCounts.KindCount] { [] }
}
