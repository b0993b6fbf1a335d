import Dispatch
import RxCore

/// Opens when the check it was made in settles, so that work the check leaves ends while it settles,
/// whatever the machine's load: no duration decides. The check runs RxCore's main scheduler on the
/// checking thread only once its block has returned and what the block left alive has been counted;
/// the gate opens from an item queued there. Work that waits for it (a block on ``queue``, a task
/// awaiting ``opened()``, a thread looping until ``isOpen``) still holds what it uses when the check
/// starts judging, and lets go during the settling. A struct of Dispatch's objects: a class of this
/// module made in the check would be judged with what the check made.
struct SettleGate: Sendable {
    /// A queue held suspended until the gate opens: a block given to it is pending until then.
    let queue = DispatchQueue(label: "SettleGate")
    private let closed = DispatchGroup()

    /// Made in the check's block (the main scheduler's item is queued at once, run when the check settles).
    init() {
        queue.suspend()
        closed.enter()
        _ = MainScheduler.asyncInstance.schedule(()) { [queue, closed] _ in
            queue.resume()
            closed.leave()
            return Disposables.create()
        }
    }

    var isOpen: Bool { closed.wait(timeout: .now()) == .success }

    /// Returns once the gate is open.
    func opened() async {
        await withCheckedContinuation { opened in closed.notify(queue: .global()) { opened.resume() } }
    }
}
