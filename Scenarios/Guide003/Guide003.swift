import RxCore

/// The scenarios of guide 003 (RxCocoa, `Reactive` extensions with `Binder`,
/// and ReactorKit), and the small ReactorKit they use.
enum Guide003 {
    static let scenarios: [Scenario] = [
        ReactorMutateSelf.scenario,
        UnownedSubscribeVsBinder.scenario,
    ]

    /// The guide document these scenarios cite.
    static let file = "003_aab48d761880d406.txt"
}

extension Guide003 {
    /// ReactorKit's `Reactor`: actions go in, `mutate` turns each into mutations,
    /// `reduce` folds them into the state, and the view binds to `state`.
    ///
    /// ReactorKit keeps `action`, `currentState` and the state stream in
    /// associated objects of the reactor. Linux has none (guide 004's
    /// `stepper-global-subject-table` shows what a global table does instead), so
    /// here a reactor stores them in a ``ReactorStorage`` it owns.
    protocol Reactor: AnyObject {
        associatedtype Action
        associatedtype Mutation = Action
        associatedtype State

        /// The state before any action.
        var initialState: State { get }
        /// Where the reactor's action subject, current state and state stream live.
        var storage: ReactorStorage<Action, State> { get }

        /// Turns an action into the mutations it causes.
        func mutate(action: Action) -> Observable<Mutation>
        /// Applies a mutation to a state.
        func reduce(state: State, mutation: Mutation) -> State

        /// The middleware of ReactorKit: transforms the actions before `mutate`.
        func transform(action: Observable<Action>) -> Observable<Action>
        /// Transforms the mutations before `reduce`.
        func transform(mutation: Observable<Mutation>) -> Observable<Mutation>
        /// Transforms the states before they reach the view.
        func transform(state: Observable<State>) -> Observable<State>
    }

    /// What ReactorKit stores in associated objects, stored by the reactor instead.
    final class ReactorStorage<Action, State> {
        /// The actions the view sends (ReactorKit's `ActionSubject`).
        let action = PublishRelay<Action>()
        /// The state stream's connection lives in this bag.
        let disposeBag = DisposeBag()
        fileprivate var currentState: State?
        fileprivate var stateStream: Observable<State>?

        init() {}
    }
}

extension Guide003.Reactor {
    func transform(action: Observable<Action>) -> Observable<Action> { action }
    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> { mutation }
    func transform(state: Observable<State>) -> Observable<State> { state }

    /// The actions the view sends.
    var action: PublishRelay<Action> { storage.action }

    /// The state now: the last one the state stream produced.
    var currentState: State { storage.currentState ?? initialState }

    /// The state stream, made on first use and connected for the reactor's
    /// lifetime, replaying the latest state to each new subscriber.
    var state: Observable<State> {
        if let stream = storage.stateStream { return stream }
        let stream = createStateStream()
        storage.stateStream = stream
        return stream
    }

    /// ReactorKit's `createStateStream()`, with its `[weak self]` captures.
    private func createStateStream() -> Observable<State> {
        let action = self.action.asObservable()
        let transformedAction = transform(action: action)
        let mutation =
            transformedAction
            .flatMap { [weak self] action -> Observable<Mutation> in
                guard let self else { return .empty() }
                return self.mutate(action: action).catch { _ in .empty() }
            }
        let transformedMutation = transform(mutation: mutation)
        let state =
            transformedMutation
            .scan(initialState) { [weak self] state, mutation -> State in
                guard let self else { return state }
                return self.reduce(state: state, mutation: mutation)
            }
            .catch { _ in .empty() }
            .startWith(initialState)
        let transformedState = transform(state: state)
            .do(onNext: { [weak self] state in
                self?.storage.currentState = state
            })
            .replay(1)
        transformedState.connect().disposed(by: storage.disposeBag)
        return transformedState
    }
}
