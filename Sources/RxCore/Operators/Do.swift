private let doKind = ResourceKind("Do", .observable)
private let doSinkKind = ResourceKind("DoSink", .sink)

extension ObservableType {
    /// ``do`` with the site its public form takes from its caller.
    @usableFromInline
    func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        site: CallSite
    ) -> Observable<Element> {
        if let onNext { ClosureSites.note(onNext, "do(onNext:)", site) }
        if let afterNext { ClosureSites.note(afterNext, "do(afterNext:)", site) }
        if let onError { ClosureSites.note(onError, "do(onError:)", site) }
        if let afterError { ClosureSites.note(afterError, "do(afterError:)", site) }
        if let onCompleted { ClosureSites.note(onCompleted, "do(onCompleted:)", site) }
        if let afterCompleted { ClosureSites.note(afterCompleted, "do(afterCompleted:)", site) }
        if let onSubscribe { ClosureSites.note(onSubscribe, "do(onSubscribe:)", site) }
        if let onSubscribed { ClosureSites.note(onSubscribed, "do(onSubscribed:)", site) }
        if let onDispose { ClosureSites.note(onDispose, "do(onDispose:)", site) }
        return UnaryProducer(
            Do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, site: site),
            source: asObservable(), kind: doKind, name: "do")
    }
}

struct Do<Element>: UnaryOperator {
    typealias ElementHandler = (Element) throws -> Void
    typealias ErrorHandler = (Swift.Error) throws -> Void
    typealias CompletionHandler = () throws -> Void

    /// The user's closures, and where they were handed to `do`.
    let onNext: ElementHandler?
    let afterNext: ElementHandler?
    let onError: ErrorHandler?
    let afterError: ErrorHandler?
    let onCompleted: CompletionHandler?
    let afterCompleted: CompletionHandler?
    let onSubscribe: (() -> Void)?
    let onSubscribed: (() -> Void)?
    let onDispose: (() -> Void)?
    let site: CallSite

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted, site: site,
            observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        onSubscribed?()
        guard let onDispose else { return (sink, subscription) }
        return (
            sink,
            Disposables.create {
                subscription.dispose()
                onDispose()
            }
        )
    }
}

final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias ElementHandler = (Element) throws -> Void
    typealias ErrorHandler = (Swift.Error) throws -> Void
    typealias CompletionHandler = () throws -> Void

    /// The user's closures, and where they were handed to `do`.
    let onNext: ElementHandler?
    let afterNext: ElementHandler?
    let onError: ErrorHandler?
    let afterError: ErrorHandler?
    let onCompleted: CompletionHandler?
    let afterCompleted: CompletionHandler?
    let site: CallSite

    init(
        onNext: ElementHandler?, afterNext: ElementHandler?, onError: ErrorHandler?, afterError: ErrorHandler?,
        onCompleted: CompletionHandler?, afterCompleted: CompletionHandler?, site: CallSite,
        observer: Observer, cancel: Cancelable
    ) {
        self.onNext = onNext
        self.afterNext = afterNext
        self.onError = onError
        self.afterError = afterError
        self.onCompleted = onCompleted
        self.afterCompleted = afterCompleted
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: doSinkKind)
    }

    func on(_ event: Event<Element>) {
        do {
            switch event {
            case .next(let element): try onNext?(element)
            case .error(let error): try onError?(error)
            case .completed: try onCompleted?()
            }
            forwardOn(event)
            switch event {
            case .next(let element): try afterNext?(element)
            case .error(let error): try afterError?(error)
            case .completed: try afterCompleted?()
            }
            if event.isStopEvent { dispose() }
        } catch {
            forwardError(error)
        }
    }
}
