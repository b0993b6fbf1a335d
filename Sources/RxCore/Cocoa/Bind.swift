// The bindings' work: the public forms, which hand their caller's site to
// these, are generated (Bind.generated.swift).

extension ObservableType {
    /// `bind(to:)` of observers, with the site its public form takes from its caller.
    @usableFromInline
    func bind<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element {
        send(to: observers, verb: .bind, site: site)
    }

    /// `bind(to:)` of observers of optional elements, with the site its public
    /// form takes from its caller.
    @usableFromInline
    func bind<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element? {
        map({ $0 as Element? }, site: site)
            .send(to: observers, verb: .bind, site: site)
    }

    /// `bind(onNext:)` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        onNext: @escaping (Element) -> Void,
        site: CallSite
    ) -> Disposable {
        ClosureSites.note(onNext, "bind(onNext:)", site)
        return bindElements(verb: .bind, site: site, errorMessage: "Binding error", onNext)
    }

    /// `bind(with:onNext:)` with the site its public form takes from its caller.
    @usableFromInline
    func bind<Object: AnyObject>(
        with object: Object,
        onNext: @escaping (Object, Element) -> Void,
        site: CallSite
    ) -> Disposable {
        ClosureSites.note(onNext, "bind(with:onNext:)", site)
        return bindElements(verb: .bind, site: site, errorMessage: "Binding error", weakly(object, onNext))
    }

    /// Subscribes so that every event reaches each of `observers`, recorded with `verb`.
    func send<Observer: ObserverType>(to observers: [Observer], verb: SubscriptionVerb, site: CallSite) -> Disposable
    where Observer.Element == Element {
        subscribeRegistered(verb: verb, site: site, onDisposed: nil) { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Subscribes `onNext` for elements, recorded with `verb`; an error is
    /// reported as a binding error that starts with `errorMessage`.
    func bindElements(
        verb: SubscriptionVerb, site: CallSite, errorMessage: String, _ onNext: @escaping (Element) -> Void
    ) -> Disposable {
        let chain = operatorChain
        return subscribeRegistered(verb: verb, site: site, onDisposed: nil) { event in
            switch event {
            case .next(let element): onNext(element)
            case .error(let error):
                reportBindingError("\(errorMessage): \(error)", in: chain.appending(verb.description), site: site)
            case .completed: break
            }
        }
    }
}

/// Reports an error that reached a binding. RxSwift stops a debug build
/// there; RxCore prints RxSwift's message and records a
/// ``Diagnostic/Kind/bindingError``, so that the program goes on and a test can see it.
func reportBindingError(_ message: String, in resource: @autoclosure () -> String, site: CallSite?) {
    print(message)
    Resources.record(.bindingError, in: resource(), site: site)
}
