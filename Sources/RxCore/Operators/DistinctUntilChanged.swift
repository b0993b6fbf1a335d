private let distinctUntilChangedKind = ResourceKind("DistinctUntilChanged", .observable)
private let distinctUntilChangedSinkKind = ResourceKind("DistinctUntilChangedSink", .sink)

extension ObservableType where Element: Equatable {
    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged(site: CallSite) -> Observable<Element> {
        distinctUntilChanged(keySelector: elementAsKey, comparer: keysEqual, site: site)
    }
}

// Functions of their own rather than closures written in the extensions: such
// a closure would name `Self.Element`, a runtime lookup at every element.

private func elementAsKey<Element>(_ element: Element) -> Element { element }

private func keysEqual<Key: Equatable>(_ first: Key, _ second: Key) -> Bool { first == second }

private func keySelector<Element, Property>(at keyPath: KeyPath<Element, Property>) -> (Element) -> Property {
    { $0[keyPath: keyPath] }
}

extension ObservableType {
    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(keySelector, "distinctUntilChanged", site)
        return distinctUntilChanged(keySelector: keySelector, comparer: keysEqual, site: site)
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(comparer, "distinctUntilChanged", site)
        return distinctUntilChanged(keySelector: { $0 }, comparer: comparer, site: site)
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(keySelector, "distinctUntilChanged", site)
        ClosureSites.note(comparer, "distinctUntilChanged(comparer:)", site)
        return distinctUntilChanged(keySelector: keySelector, comparer: comparer, site: site)
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>,
        site: CallSite
    ) -> Observable<Element> {
        distinctUntilChanged(keySelector: keySelector(at: keyPath), comparer: keysEqual, site: site)
    }
}

extension ObservableType {
    /// The producer every form above builds: they differ only in the key and comparer they give it.
    fileprivate func distinctUntilChanged<Key>(
        keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool, site: CallSite
    ) -> Observable<Element> {
        UnaryProducer(
            DistinctUntilChanged(keySelector: keySelector, comparer: comparer, site: site), source: asObservable(),
            kind: distinctUntilChangedKind, name: "distinctUntilChanged")
    }
}

struct DistinctUntilChanged<Element, Key>: SinkOperator {
    typealias SourceElement = Element

    /// The user's closures (or the built-in equality), and where they were
    /// handed to `distinctUntilChanged`.
    let keySelector: (Element) throws -> Key
    let comparer: (Key, Key) throws -> Bool
    let site: CallSite

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        DistinctUntilChangedSink(
            keySelector: keySelector, comparer: comparer, site: site, observer: observer, cancel: cancel)
    }
}

/// `Element` is `Observer.Element` named as a parameter of its own, so the
/// sink finds its metadata among its generic arguments rather than looking
/// up an associated type for every element.
final class DistinctUntilChangedSink<Element, Key, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Element {
    typealias KeySelector = (Element) throws -> Key
    typealias Comparer = (Key, Key) throws -> Bool

    /// The user's closures (or the built-in equality), and where they were
    /// handed to `distinctUntilChanged`.
    let keySelector: KeySelector
    let comparer: Comparer
    let site: CallSite
    /// The last key passed on, boxed: a `Key?` would need `Optional<Key>`'s
    /// metadata, a runtime lookup for every element. Unchecked: events come
    /// one at a time, and no access spans the call to the observer.
    @exclusivity(unchecked) private var currentKey: ElementBox<Key>?

    init(
        keySelector: @escaping KeySelector, comparer: @escaping Comparer, site: CallSite, observer: Observer,
        cancel: Cancelable
    ) {
        self.keySelector = keySelector
        self.comparer = comparer
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: distinctUntilChangedSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    func onNext(_ element: Element) {
        do {
            let key = try keySelector(element)
            if let currentKey {
                if try comparer(currentKey.element, key) { return }
                currentKey.element = key
            } else {
                currentKey = ElementBox(key)
            }
            forwardNext(element)
        } catch {
            forwardError(error)
        }
    }
}
