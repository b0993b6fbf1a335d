#if canImport(Glibc)
import Glibc
#endif

/// What the process's other threads are doing, from `/proc/self/task`.
package enum Threads {
    /// How many threads of this process, the caller excepted, are running or
    /// ready to run (state `R`, or `D` inside the kernel): work still under way
    /// elsewhere, such as a dispatch block returning through a library's
    /// calls. Idle pool threads wait (`S`) and are not counted. Nil where
    /// `/proc` cannot be read.
    package static func busyOthers() -> Int? {
        #if os(Linux)
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        let current = currentThread()
        var busy = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let thread = Int(name), thread != current, let state = state(ofThread: thread) else { continue }
            if state == UInt8(ascii: "R") || state == UInt8(ascii: "D") { busy += 1 }
        }
        return busy
        #else
        return nil
        #endif
    }

    /// Another thread of this process stopped in the kernel, with the live part of its stack.
    package struct Stack {
        /// Its id (`TID`).
        package let thread: Int
        /// Its name (`/proc/self/task/TID/comm`).
        package let name: String
        /// From its stack pointer to the end of the mapping that holds it: its live frames.
        package let live: Range<UInt>
    }

    /// The other threads that are blocked in a system call (a semaphore's or a condition's
    /// wait, a sleep) or otherwise stopped, each with its stack pointer, which only
    /// `/proc/self/task/TID/syscall` gives for another thread; a running thread has none.
    package static func stoppedStacks() -> [Stack] {
        #if os(Linux)
        guard let directory = opendir("/proc/self/task") else { return [] }
        defer { closedir(directory) }
        let current = currentThread()
        let mappings = ProcessMemory.mappings()
        var stacks: [Stack] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            // `NR arg1 … arg6 SP PC` (`-1 SP PC` when stopped outside a call), or `running`.
            guard let thread = Int(name), thread != current,
                let fields = text(of: "/proc/self/task/\(thread)/syscall")?.split(separator: " "), fields.count >= 3,
                let pointer = UInt(fields[fields.count - 2].dropFirst(2), radix: 16),
                let mapping = mappings.first(where: { $0.contains(pointer) })
            else { continue }
            let comm = text(of: "/proc/self/task/\(thread)/comm") ?? ""
            stacks.append(Stack(thread: thread, name: comm, live: (pointer & ~7)..<mapping.upperBound))
        }
        return stacks
        #else
        return []
        #endif
    }

    /// A small file of `/proc`, without its last newline.
    private static func text(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let end = buffer[count - 1] == UInt8(ascii: "\n") ? count - 1 : count
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    /// This thread's id: `/proc/thread-self` links to `PID/task/TID`.
    private static func currentThread() -> Int? {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { Int($0) }
    }

    /// The state letter of `/proc/self/task/TID/stat`: the first field after
    /// the command name, which is in parentheses and may hold spaces and `)`.
    private static func state(ofThread thread: Int) -> UInt8? {
        let descriptor = open("/proc/self/task/\(thread)/stat", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let name = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), name + 2 < count else {
            return nil
        }
        return buffer[name + 2]
    }
}
