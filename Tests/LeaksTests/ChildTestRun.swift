import Foundation

/// Runs this very test binary in a child process with `arguments` and extra
/// `environment` (output discarded), killing it after two minutes: tests that
/// read a real run from the outside (its event stream, its suite-mode verdicts).
func runThisTestBinary(_ arguments: [String], environment: [String: String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let watchdog = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    process.waitUntilExit()
    watchdog.cancel()
}
