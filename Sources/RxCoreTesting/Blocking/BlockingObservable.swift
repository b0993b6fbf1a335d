import Foundation
import RxCore
import Synchronization

extension ObservableConvertibleType {
    /// The sequence as RxBlocking's blocking sequence: its operators subscribe,
    /// wait for the result on the calling thread, and fail with
    /// `RxError.timeout` after `timeout` seconds (never, when `nil`).
    ///
    /// Waiting never deadlocks on work the sequence observes on
    /// `MainScheduler`: a wait on the main thread runs queued main work
    /// itself, and a wait on another thread runs it once it has waited
    /// `MainScheduler.handoverDelay` without the main thread taking it.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

/// A sequence whose operators block until it has produced their result, as
/// RxBlocking's; meant for tests.
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>

    /// Subscribes and waits until the sequence terminates, `max` elements
    /// satisfying `predicate` have arrived, `predicate` throws, or the timeout
    /// passes; the subscription is disposed before returning.
    func materializeResult(max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true })
        -> MaterializedSequenceResult<Element>
    {
        let collector = BlockingCollector<Element>()
        let subscription = SingleAssignmentDisposable()
        defer { subscription.dispose() }
        subscription.setDisposable(
            source.subscribe(
                AnyObserver { event in
                    if collector.receive(event, max: max, predicate: predicate) { subscription.dispose() }
                }))
        if !DispatchSchedulers.wait(timeout: timeout, until: { collector.isDone }) {
            collector.fail(RxError.timeout)
        }
        return collector.result
    }
}

/// What a blocking operator has received so far; events may come from any thread.
private final class BlockingCollector<Element>: @unchecked Sendable {
    private struct State {
        var elements: [Element] = []
        var error: Swift.Error?
        var isDone = false
    }

    private let state = Mutex(State())

    var isDone: Bool { state.withLock { $0.isDone } }

    /// Records `event`; true when it ends the wait.
    func receive(_ event: Event<Element>, max: Int?, predicate: (Element) throws -> Bool) -> Bool {
        let finished = state.withLock { state -> Bool in
            guard !state.isDone else { return false }
            switch event {
            case .next(let element):
                do {
                    if try predicate(element) { state.elements.append(element) }
                    if let max, state.elements.count >= max { state.isDone = true }
                } catch {
                    state.error = error
                    state.isDone = true
                }
            case .error(let error):
                state.error = error
                state.isDone = true
            case .completed:
                state.isDone = true
            }
            return state.isDone
        }
        if finished { DispatchSchedulers.wake() }
        return finished
    }

    /// Ends the wait with `error` unless it has ended already.
    func fail(_ error: Swift.Error) {
        state.withLock { state in
            guard !state.isDone else { return }
            state.error = error
            state.isDone = true
        }
    }

    var result: MaterializedSequenceResult<Element> {
        state.withLock { state in
            if let error = state.error { return .failed(elements: state.elements, error: error) }
            return .completed(elements: state.elements)
        }
    }
}
