/// An observer that writes elements into a target object, holding the target
/// weakly as RxCocoa's does: once the target is gone, elements are ignored,
/// and a binding never keeps its target alive.
///
/// Elements are written on `scheduler` (the main scheduler by default);
/// completion is ignored; an error is a programming error: RxSwift stops a
/// debug build, RxCore prints `Binding error: …` and records a
/// ``Diagnostic/Kind/bindingError``.
public struct Binder<Value>: ObserverType {
    /// The type of the values written.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void
    /// Where the binding closure was handed over.
    let site: CallSite

    /// A binder that calls `binding` with `target` and each element, on `scheduler`.
    @_transparent
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        self.init(target, scheduler: scheduler, binding: binding, site: .here())
    }

    /// `init(_:scheduler:binding:)` with the site its public form takes from its caller.
    @usableFromInline
    init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType,
        binding: @escaping (Target, Value) -> Void,
        site: CallSite
    ) {
        ClosureSites.note(binding, "Binder", site)
        weak let weakTarget = target
        self.site = site
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget { binding(target, element) }
                    return Disposables.create()
                }
            case .error(let error):
                reportBindingError("Binding error: \(error)", in: "Binder<\(Value.self)>", site: site)
            case .completed:
                break
            }
        }
    }

    /// Writes a `next` element into the target, if it still exists.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// The binder, type-erased.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
