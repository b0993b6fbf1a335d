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
