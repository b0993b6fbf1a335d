import Foundation

/// Foundation `Timer`s made in a check: roots of what they hold, as a global is (``RootSearch``). A
/// timer keeps its block, and what the block captures, for as long as the timer lives: on Darwin the
/// run loop keeps a scheduled timer until it is invalidated; Linux's Foundation keeps every timer and
/// its block for good, invalidated or not (its CFRunLoopTimer holds a reference to it that nothing
/// releases). The allocation hook records each timer made while a check is open.
enum TimerHolders {
    /// The most timers watched per check.
    static let budget = 1_024

    private static let metadata = unsafeBitCast(Timer.self as AnyClass, to: UnsafeRawPointer.self)

    /// Whether `metadata` is `Timer`'s class metadata.
    static func isTimer(_ metadata: UnsafeRawPointer) -> Bool { metadata == Self.metadata }

    static let pattern = LeakPattern(
        id: "timer-captures-self", name: "a timer's block captures the object strongly", source: nil,
        fix:
            "capture [weak self] in the timer's block, and invalidate the timer in deinit: invalidating it in deinit "
            + "alone never runs while the block holds the object, and Foundation on Linux keeps the block even after invalidate()"
    )
}

/// The timers made in a check and still alive, as roots of the path search: each named as the run loop's timer.
struct TimerRoots: RootProvider {
    let timers: [TrackedObject]

    var kind: RootKind { .timer }

    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        timers.filter(\.isAlive).map { HeapRoot(kind: .timer, name: "run loop Timer", address: $0.address) }
    }
}
