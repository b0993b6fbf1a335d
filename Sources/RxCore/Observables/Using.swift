private let usingKind = ResourceKind("Using", .observable)
private let usingSinkKind = ResourceKind("UsingSink", .sink)

extension ObservableType {
    /// For each subscription, a resource made by `resourceFactory` and the
    /// sequence `observableFactory` makes from it; the resource is disposed
    /// with the subscription. An error thrown by either factory fails the
    /// sequence (disposing a resource already made).
    @_transparent
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        using(resourceFactory, observableFactory: observableFactory, site: .here())
    }

    /// `using` with the site its public form takes from its caller.
    @usableFromInline
    static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resourceFactory, "using", site)
        ClosureSites.note(observableFactory, "using", site)
        return Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

final class Using<Element, Resource: Disposable>: Producer<Element> {
    private let resourceFactory: () throws -> Resource
    private let observableFactory: (Resource) throws -> Observable<Element>

    init(
        resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
        super.init(kind: usingKind, chain: OperatorChain.source("using", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel, kind: usingSinkKind)
        var resource: Resource?
        do {
            let made = try resourceFactory()
            resource = made
            let source = try observableFactory(made)
            return (sink, Disposables.create(source.subscribe(sink), made))
        } catch {
            sink.forwardError(error)
            return (sink, resource.map { $0 as Disposable } ?? Disposables.create())
        }
    }
}
