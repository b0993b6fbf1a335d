import Foundation
import RxSwift

/// Counts the ticks of one subscription.
public final class TickCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var stopped = false

    /// The next tick; nil once stopped.
    func next() -> Int? {
        lock.withLock {
            count += 1
            return stopped ? nil : count
        }
    }

    /// Ends the loop of a task nothing cancels.
    public func stop() { lock.withLock { stopped = true } }
}

/// Ticks from a task made in `Observable.create`, with a counter made for each subscription (told to `made`).
public enum Ticks {
    /// The disposable it returns does not cancel the task: it ticks on after the subscription is disposed.
    public static func leaking(made: @escaping (TickCounter) -> Void) -> Observable<Int> {
        Observable.create { observer in
            let counter = TickCounter()
            made(counter)
            Task {
                while !Task.isCancelled, let tick = counter.next() {
                    observer.onNext(tick)
                    try? await Task.sleep(nanoseconds: 10_000_000)
                }
            }
            return Disposables.create()
        }
    }

    /// The fixed twin: disposing of the subscription cancels the task.
    public static func fixed(made: @escaping (TickCounter) -> Void) -> Observable<Int> {
        Observable.create { observer in
            let counter = TickCounter()
            made(counter)
            let task = Task {
                while !Task.isCancelled, let tick = counter.next() {
                    observer.onNext(tick)
                    try? await Task.sleep(nanoseconds: 10_000_000)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
