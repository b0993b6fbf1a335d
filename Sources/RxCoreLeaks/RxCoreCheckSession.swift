import Foundation
import Leaks
import Probes
import RxCore

/// One leak check as RxCore sees it: a resource scope that attributes what
/// the block makes, and RxCore's schedulers to settle.
final class RxCoreCheckSession: LeakIntegrationSession {
    let resourceScope: ResourceScope?

    init(scope: LeakScope?) {
        resourceScope = scope.map { ResourceScope(name: $0.name, observer: ClosureForwarder(scope: $0)) }
    }

    func run(_ body: () throws -> Void) rethrows {
        guard let resourceScope else { return try body() }
        try resourceScope.run(body)
    }

    func run(isolation: isolated (any Actor)?, _ body: () async throws -> Void) async rethrows {
        guard let resourceScope else { return try await body() }
        try await resourceScope.run(isolation: isolation, body)
    }

    func beginOpenRun() -> Bool { resourceScope?.beginAmbient() ?? true }

    func endOpenRun() { resourceScope?.endAmbient() }

    func drainOnThisThread() -> Int { MainScheduler.drain() }

    /// A check waits for the work scheduled in it only: another check's
    /// endless timer does not hold it up.
    func waitUntilIdle(timeout: Duration) -> Bool {
        guard let resourceScope else {
            let dispatchIdle =
                DispatchSchedulers.pendingCount == 0
                || (timeout > .zero && DispatchSchedulers.waitUntilIdle(timeout: timeout.seconds))
            return dispatchIdle && MainScheduler.pendingCount == 0
        }
        return resourceScope.pendingWork == 0
            || (timeout > .zero && DispatchSchedulers.wait(timeout: timeout.seconds) { resourceScope.pendingWork == 0 })
    }

    func pendingWork() -> [String] {
        if let resourceScope {
            var own = resourceScope.pendingWorkRecords.map(\.description)
            guard let last = own.popLast() else { return [] }
            let elsewhere = DispatchSchedulers.pendingCount - resourceScope.pendingWork
            return own + [
                last + (elsewhere > 0 ? "; \(elsewhere) more item(s) scheduled outside this check, not waited for" : "")
            ]
        }
        var pending: [String] = []
        if DispatchSchedulers.pendingCount > 0 {
            pending.append("\(DispatchSchedulers.pendingCount) item(s) on dispatch schedulers (timers or delayed work)")
        }
        if MainScheduler.pendingCount > 0 {
            pending.append("\(MainScheduler.pendingCount) item(s) on the main scheduler")
        }
        return pending
    }

    func liveSubscriptions() -> [LiveSubscription] {
        let records = resourceScope.map(SubscriptionRegistry.live(in:)) ?? SubscriptionRegistry.live
        return records.map { record in
            LiveSubscription(
                id: record.id, verb: record.verb, chain: record.chain,
                site: SourceSite(
                    file: record.site.reportedFile, line: record.site.line, function: record.site.function),
                owner: record.owner?.description, ownerAddress: record.ownerAddress, backtrace: record.backtrace,
                address: record.address)
        }
    }

    /// What the check made and left, by the kinds ``counts()`` names, and `scheduled work` (items and
    /// timers). A live subscription's handle is one of `subscriptions`, as ``liveSubscriptions()`` lists
    /// them; the handle of one that ended and is still held (by a bag that outlived it) is one of `disposables`.
    var liveResourcesByKind: [ResourceCounts.KindCount] {
        guard let scope = resourceScope else { return [] }
        let left = scope.liveResourceSnapshot()
        guard left.total != 0 else { return [] }
        var families = left.byFamily
        let subscriptions = min(left[SubscriptionRegistry.resourceKindName], SubscriptionRegistry.live(in: scope).count)
        families[.disposable, default: 0] -= subscriptions
        return [ResourceCounts.KindCount(name: LiveSubscription.resourceKind, count: subscriptions)].filter {
            $0.count != 0
        } + Self.kinds(families)
    }

    /// The names ``liveResourcesByKind`` gives RxCore's families, in its order.
    private static let familyNames: [(ResourceKind.Family, String)] = [
        (.sink, "sinks"), (.subject, "subjects"), (.disposable, "disposables"), (.observable, "observables"),
        (.scheduled, "scheduled work"),
    ]

    private static func kinds(_ families: [ResourceKind.Family: Int]) -> [ResourceCounts.KindCount] {
        familyNames.compactMap { family, name in
            families[family].flatMap { $0 == 0 ? nil : ResourceCounts.KindCount(name: name, count: $0) }
        }
    }

    private static let handleMetadata = unsafeBitCast(SubscriptionHandle.self as AnyClass, to: UInt.self)

    /// The resources among `objects` whose `token` records this check's scope, and the handles of ended
    /// subscriptions made in it (which count themselves in the scope their `scope` field keeps) as `disposables`.
    func resourcesMade(among objects: [UInt]) -> [ResourceCounts.KindCount] {
        guard let scope = resourceScope else { return [] }
        var families: [ResourceKind.Family: Int] = [:]
        for address in objects {
            guard let layout = ReflectionProbe.shared.layout(ofInstanceAt: address) else { continue }
            if let token = layout.fields.first(where: { $0.name == "token" }),
                let words = Memory.readWords(address &+ UInt(token.offset), count: ResourceScope.tokenWordCount),
                let family = scope.family(ofResourceWithToken: words)
            {
                families[family, default: 0] += 1
            } else if layout.metadata == Self.handleMetadata,
                let field = layout.fields.first(where: { $0.name == "scope" }),
                let word = Memory.readWord(address &+ UInt(field.offset)), scope.isRecorded(by: word)
            {
                families[.disposable, default: 0] += 1
            }
        }
        return Self.kinds(families)
    }

    func counts() -> ResourceCounts.Moment? {
        let (families, total) = Resources.familyTotals()
        let kinds: [(String, Int)] = [
            ("subscriptions", SubscriptionRegistry.count), ("sinks", families[.sink] ?? 0),
            ("subjects", families[.subject] ?? 0),
            ("disposables", families[.disposable] ?? 0), ("observables", families[.observable] ?? 0),
        ]
        return ResourceCounts.Moment(
            kinds: kinds.map { ResourceCounts.KindCount(name: $0, count: $1) }, trackedObjects: 0,
            total: total)
    }
}

/// Tells the leak check about each closure handed to an RxCore operator in it.
private final class ClosureForwarder: ResourceScopeObserver, @unchecked Sendable {
    // Scheduled work may carry the resource scope past the check's end.
    private weak var scope: LeakScope?

    init(scope: LeakScope) {
        self.scope = scope
    }

    func scope(_ resourceScope: ResourceScope, received closure: ClosureReceipt) {
        guard let context = closure.context else { return }
        let site = closure.site
        scope?.noteClosure(context: context, givenTo: closure.operatorName) {
            SourceSite(file: site.reportedFile, line: site.line)
        }
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

extension CallSite {
    /// The file for the engine's reports; where the code has no line
    /// information, the function's name, which the reports then show alone.
    var reportedFile: String { file.isEmpty ? description : file }
}
