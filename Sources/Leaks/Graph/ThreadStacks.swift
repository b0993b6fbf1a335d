import Probes

/// Which other thread's stack refers to objects left at the end of a check: the live frames of
/// each thread stopped in the kernel (a semaphore's wait, a sleep), from its stack pointer up,
/// read through ``Memory`` and searched word by word. A running thread's stack pointer is not
/// known, so its stack is not searched.
struct ThreadStacks {
    /// The most bytes read from one thread's stack, and from all of them.
    static let bytesPerThread = 1 << 20
    static let byteBudget = 16 << 20

    /// For each object found: `thread 4242 (name)`.
    private var holders: [UInt: String] = [:]

    /// Searches the stacks of the other threads stopped now for `targets`.
    init(targets: Set<UInt>) {
        guard !targets.isEmpty else { return }
        var budget = Self.byteBudget
        for stack in Threads.stoppedStacks() where budget > 0 {
            let bytes = min(Int(stack.live.upperBound - stack.live.lowerBound), Self.bytesPerThread, budget)
            budget -= bytes
            guard let words = Memory.readWords(stack.live.lowerBound, count: bytes / 8) else { continue }
            for word in words where targets.contains(word) && holders[word] == nil {
                holders[word] = "thread \(stack.thread)" + (stack.name.isEmpty ? "" : " (\(stack.name))")
            }
        }
    }

    /// `thread 4242 (name)`, when a stopped thread's stack refers to `address`.
    func holder(of address: UInt) -> String? { holders[address] }
}
