#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// With `object`, the settling goes on only once the work has let it go: a verdict reached while the
    /// work is still letting go would find it alive and held by nothing it can name.
    init(holdingSettlingUntilFreed object: AnyObject? = nil) {
        queue.suspend()
        closed.enter()
        let watched = Watched(object: object)
        _ = MainScheduler.asyncInstance.schedule(()) { [queue, closed] _ in
            queue.resume()
            closed.leave()
            let end = ContinuousClock.now.advanced(by: Self.freeingBound)
            while watched.object != nil, ContinuousClock.now < end { usleep(100) }
            return Disposables.create()
        }
    }

    /// How long the settling waits for the object at most: a bound against a hang, never reached when the work ends.
    private static let freeingBound: Duration = .seconds(10)

    private struct Watched: @unchecked Sendable {
        weak var object: AnyObject?
    }

    var isOpen: Bool { closed.wait(timeout: .now()) == .success }

    /// Returns once the gate is open.
    func opened() async {
        await withCheckedContinuation { opened in closed.notify(queue: .global()) { opened.resume() } }
    }
}
