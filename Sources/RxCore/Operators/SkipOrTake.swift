/// What the moment an operator waits for (another sequence's first element,
/// a duration's end) does: `skip` starts passing the source's elements on,
/// `take` completes the sequence.
enum SkipOrTake {
    case skip, take
}

/// The sink of `skip` or `take` until a moment: the source's elements pass a
/// gate that is open from the start for `take` and opens at the moment for `skip`.
class GateSink<Observer: ObserverType>: Sink<Observer>, NamedByResourceKind {
    final let role: SkipOrTake
    /// Serializes the source's events with the moment, and guards `isOpen`.
    final let lock = RecursiveLock()
    final var isOpen: Bool

    init(
        _ role: SkipOrTake, observer: Observer, cancel: Cancelable, skipKind: borrowing ResourceKind,
        takeKind: borrowing ResourceKind
    ) {
        self.role = role
        isOpen = role == .take
        switch role {
        case .skip: super.init(observer: observer, cancel: cancel, kind: skipKind)
        case .take: super.init(observer: observer, cancel: cancel, kind: takeKind)
        }
    }

    /// The moment has come: opens the gate, or completes. Called under `lock`.
    final func momentHasCome() {
        switch role {
        case .skip:
            isOpen = true
        case .take:
            forwardOn(.completed)
            dispose()
        }
    }
}
