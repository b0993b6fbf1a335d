import Foundation

/// This process's resident memory, as the kernel reports it.
enum ResidentMemory {
    /// `VmRSS` from `/proc/self/status`, in KiB; nil where there is no such file.
    static func kibibytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
