import RxCore

/// The simulated main run loop: a user's touch is handled in one turn, and
/// the work that turn queued on the main scheduler (a `Binder` reached while
/// another was running, a `Driver`'s delivery) runs before the next touch, as
/// `DispatchQueue.main` blocks do between run-loop turns on a device.
enum MainRunLoop {
    /// Runs `interaction`, then the main scheduler's queued work, unless this
    /// interaction happens inside another one's delivery.
    static func turn(_ interaction: () -> Void) {
        interaction()
        if UIControl.deliveryDepth == 0 { MainScheduler.drain() }
    }
}
