import Synchronization

/// Runs a sink's step to its next sequence one at a time, as RxSwift's
/// tail-recursive sinks do with their `AsyncLock` (`retry`, `concat`): a step
/// asked for while one runs (a sequence that ends while it is being
/// subscribed) is counted, and the running caller runs it once its own step
/// returns, so a long run of sequences that end at once loops instead of
/// deepening the stack. Every step of one gate is the same step.
final class TrampolineGate: Sendable {
    private struct State {
        var isRunning = false
        var pending = 0
        var isClosed = false
    }

    private let state = Mutex(State())

    /// Runs `step` now, or counts it for the caller already running one.
    func run(_ step: () -> Void) {
        let runsNow = state.withLock { state -> Bool in
            if state.isClosed { return false }
            if state.isRunning {
                state.pending += 1
                return false
            }
            state.isRunning = true
            return true
        }
        guard runsNow else { return }
        repeat {
            step()
        } while state.withLock { state -> Bool in
            if state.pending > 0, !state.isClosed {
                state.pending -= 1
                return true
            }
            state.isRunning = false
            return false
        }
    }

    /// Drops the counted steps and refuses new ones: the sink is disposed.
    func close() {
        state.withLock { $0.isClosed = true }
    }
}
