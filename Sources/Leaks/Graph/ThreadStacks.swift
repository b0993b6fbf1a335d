import Probes

/// The stacks of the other threads stopped in the kernel (a semaphore's wait, a sleep), as roots of the
/// path search: the live frames of each, from its stack pointer up, read through ``Memory`` and searched
/// word by word for the objects looked for. A running thread's stack pointer is not known, so its stack is
/// not searched. A stack word says what refers to an object, not whether the thread's closure captured it:
/// what one refers to is kept, named after the thread.
struct ThreadStacks: RootProvider {
    /// The most bytes read from one thread's stack, and from all of them.
    static let bytesPerThread = 1 << 20
    static let byteBudget = 16 << 20

    var kind: RootKind { .threadStack }

    /// `the stack of thread 4242 (name)` for each stopped thread whose stack refers to some of `targets`.
    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        var budget = Self.byteBudget
        var roots: [HeapRoot] = []
        for stack in Threads.stoppedStacks() where budget > 0 {
            let bytes = min(Int(stack.live.upperBound - stack.live.lowerBound), Self.bytesPerThread, budget)
            budget -= bytes
            guard let words = Memory.readWords(stack.live.lowerBound, count: bytes / 8) else { continue }
            let held = Set(words.filter { targets[$0] != nil })
            guard !held.isEmpty else { continue }
            let thread = "thread \(stack.thread)" + (stack.name.isEmpty ? "" : " (\(stack.name))")
            roots.append(
                HeapRoot(
                    kind: .threadStack, name: "the stack of \(thread)", address: stack.live.lowerBound,
                    holding: .refersTo(held)))
        }
        return roots
    }
}
