import LeakGuide
import Leaks
import Probes
import RxCore

/// RxCore's leak integration: the closures handed to RxCore operators are
/// tracked and named with their call site, subscriptions and resources made in
/// a check are attributed to it, RxCore's schedulers are settled, and RxCore's
/// objects read by their meaning in a cycle (`holds`, `observer`, `upstream`).
///
/// Linking this module registers it (see `LeakIntegrations`); there is
/// nothing to call.
public final class RxCoreIntegration: LeakIntegration {
    /// The one instance, registered at load time.
    public static let shared = RxCoreIntegration()

    private init() {}

    public func makeSession(for scope: LeakScope?) -> any LeakIntegrationSession {
        RxCoreCheckSession(scope: scope)
    }

    public func isLibraryType(_ fullTypeName: String) -> Bool {
        fullTypeName.hasPrefix("RxCore.")
    }

    /// RxCore's types that only carry a reference along, by their declared
    /// names (generic ones without their arguments) within RxCore.
    private static let plumbingTypeNames: Set<String> = [
        "Locked", "Lock", "SingleAssignmentSlot", "SinkDisposer", "SingleAssignmentDisposable", "CompositeDisposable",
        "SerialDisposable", "BinaryDisposable", "InnerSubscriptions", "SubjectObserver", "ElementBox", "DeliveryGuard",
        "BoxedDisposable",
    ]

    /// The relays' generic classes, by nominal type descriptor: every instantiation shares it.
    private static let relayDescriptors: Set<UInt> = {
        let relays: [AnyClass] = [PublishRelay<Int>.self, BehaviorRelay<Int>.self, ReplayRelay<Int>.self]
        return Set(relays.compactMap { ReflectionProbe.nominalTypeDescriptor(ofClass: $0) })
    }()

    /// A bag, a subject or relay, a subscription handle, or plumbing, by type.
    public func role(of type: Any.Type) -> LibraryObjectRole? {
        if type == DisposeBag.self { return .subscriptionContainer }
        if type == SubscriptionHandle.self { return .subscription }
        if type is any SubjectType.Type { return .subject }
        if let type = type as? AnyClass, let descriptor = ReflectionProbe.nominalTypeDescriptor(ofClass: type),
            Self.relayDescriptors.contains(descriptor)
        {
            return .subject
        }
        guard isLibraryType(_typeName(type, qualified: true)) else { return nil }
        let declaredName = _typeName(type, qualified: false).prefix { $0 != "<" }
        return Self.plumbingTypeNames.contains(String(declaredName)) ? .plumbing : nil
    }

    /// `subscription #3 (PublishSubject<Int> → map → subscribe, Presenter.swift:41)`
    /// for a subscription handle, from its registry number.
    public func name(ofObjectAt address: UInt, role: LibraryObjectRole) -> String? {
        guard role == .subscription,
            let layout = ReflectionProbe.shared.layout(ofInstanceAt: address),
            let idField = layout.fields.first(where: { $0.name == "id" }),
            let id = Memory.readWord(address &+ UInt(idField.offset)), id != 0
        else { return nil }
        guard let record = SubscriptionRegistry.live.first(where: { $0.id == UInt64(id) }) else {
            return "subscription #\(id)"
        }
        return "subscription #\(id) (\(record.chain), \(record.site))"
    }

    /// The classes several operators share (`UnaryProducer`, `BinaryProducer`, the sink of
    /// `skip` and `take` until a moment): each object records its operator's resource kind.
    public func namesEachObject(of type: Any.Type) -> Bool {
        type is any NamedByResourceKind.Type
    }

    /// `SkipWhile`, `TakeUntilSink`: the resource kind the object's `token` records.
    public func name(ofObjectAt address: UInt) -> String? {
        guard let layout = ReflectionProbe.shared.layout(ofInstanceAt: address),
            let tokenField = layout.fields.first(where: { $0.name == "token" }),
            let word = Memory.readWord(address &+ UInt(tokenField.offset))
        else { return nil }
        return ResourceKind.name(recordedBy: word)
    }

    public var closureSiteTypeName: String? { "RxCore.CallSite" }

    /// `File.swift:42` from a `CallSite` in memory: one word, a return address
    /// resolved by the symbolicating resolver this module installs.
    public func closureSite(at address: UInt) -> String? {
        guard let word = Memory.readWord(address), CallSite(bitPattern: word).location != nil else { return nil }
        return CallSite(bitPattern: word).description
    }

    /// The leak guide's pattern for the shape, from the catalogue the lint rules and scenarios share.
    public func pattern(for shape: LeakShape) -> LeakPattern? {
        let pattern: GuidePattern
        var detail: String?
        switch shape {
        case .methodReference(let method):
            pattern = GuidePatterns.methodReferenceImplicitSelf
            detail = method
        case .strongCapture: pattern = GuidePatterns.closureStrongSelf
        case .captureListMissingModifier: pattern = GuidePatterns.captureListMissingModifier
        case .containerSharedWithAnotherObject: pattern = GuidePatterns.disposeBagSentToAnotherObject
        case .containerCapturedByItsSubscription: pattern = GuidePatterns.disposeBagCaptured
        case .storedSubject: pattern = GuidePatterns.storedSubjectInChild
        case .strongBackReference, .subscriptionNeverCancelled: return nil
        case .taskOutlivingSubscription:
            return LeakPattern(
                id: shape.id, name: "a task made in Observable.create runs on after its subscription is disposed",
                source: nil,
                fix:
                    "keep the task and cancel it in the disposable create returns: let task = Task { … }; "
                    + "return Disposables.create { task.cancel() }")
        }
        return LeakPattern(
            id: pattern.id, name: pattern.name, source: pattern.guideReference, fix: pattern.fix, detail: detail)
    }

    public func ownsFunction(_ symbol: String) -> Bool {
        symbol.hasPrefix("RxCore.") || symbol.hasPrefix("(extension in RxCore)")
    }

    /// `Observable.create`'s producer runs the closure it was given.
    public func callsSubscribeHandler(_ symbol: String) -> Bool {
        symbol.hasPrefix("RxCore.AnonymousObservable.")
    }

    public func backtracesChanged(enabled: Bool) {
        SubscriptionRegistry.backtraceCapture = enabled ? Self.subscriptionBacktrace : nil
    }

    public func attributeUnscopedWork(to resolve: (@Sendable () -> (any LeakIntegrationSession)?)?) {
        ResourceScope.attributeUnscopedWork(
            to: resolve.map { resolve in { @Sendable in (resolve() as? RxCoreCheckSession)?.resourceScope } })
    }

    /// RxCore's registry calls it through a C function pointer, without a context.
    private static let subscriptionBacktrace: SubscriptionRegistry.BacktraceCapture = { frames, capacity in
        Backtrace.capture(into: frames, capacity: capacity)
    }
}

/// Called by the C constructor in `CRxCoreLeaks` when the image loads.
@_cdecl("rxcoreleaks_register")
func registerAtLoad() {
    LeakIntegrations.register(RxCoreIntegration.shared)
    CallSite.installResolver { CallSiteResolver.location(of: $0) }
}
