#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CChildProcess
import Foundation

/// A child process whose life is tied to this one: it runs under a watchdog
/// (`cchildprocess_spawn`), a forked copy of this process that is the child's
/// parent and a child subreaper, in a process group of its own. When the
/// child ends, or when this process closes the watchdog's lifeline (which the
/// kernel does when this process dies, however it dies), the watchdog kills
/// every process left under it, including those that put themselves in
/// process groups of their own, and exits. ``end()`` closes the lifeline and
/// reaps the watchdog: no child is left running, nor as a zombie, on any path.
/// Waiting blocks in `poll` on a pidfd (no sleep loop) and returns early when a
/// signal arrives.
package final class ChildProcess {
    /// How the child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It was still running at the time limit and was killed.
        case timedOut
    }

    /// What a child run to its end with ``run(_:_:environment:timeLimit:)`` did.
    package struct Result: Sendable {
        /// The child's process id (reaped: no longer a process).
        package var pid: pid_t
        package var termination: Termination
        package var stdout: String
        package var stderr: String
        package var seconds: Double
    }

    /// Could not start the child.
    package struct LaunchError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The child's process id.
    package let pid: pid_t
    /// The watchdog's process id.
    private let watchdog: pid_t
    /// The write end of the watchdog's lifeline; -1 once closed.
    private var lifeline: Int32
    /// Where the watchdog writes the child's pid, then its wait status.
    private let report: Int32
    /// Readable once the watchdog has ended; -1 where the kernel has no pidfd.
    private let exitNotice: Int32
    /// How the child ended, once the watchdog is reaped.
    package private(set) var termination: Termination?

    /// Starts `executable` with `arguments` (stdin from /dev/null, stdout and
    /// stderr to the given descriptors, which the caller still owns), with
    /// `environment` added to this process's.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], stdout: Int32, stderr: Int32
    ) throws(LaunchError) {
        var lifelineEnds: [Int32] = [0, 0], reportEnds: [Int32] = [0, 0]
        guard cchildprocess_pipe(&lifelineEnds) == 0 else {
            throw LaunchError(description: "pipe failed: \(Self.lastError)")
        }
        guard cchildprocess_pipe(&reportEnds) == 0 else {
            lifelineEnds.forEach { close($0) }
            throw LaunchError(description: "pipe failed: \(Self.lastError)")
        }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let watchdog = cchildprocess_spawn(executable, argv, envp, stdout, stderr, lifelineEnds[0], reportEnds[1])
        (argv + envp).forEach { free($0) }
        close(lifelineEnds[0])
        close(reportEnds[1])
        guard watchdog > 0 else {
            close(lifelineEnds[1])
            close(reportEnds[0])
            throw LaunchError(description: "could not start a watchdog for \(executable): \(Self.lastError)")
        }
        self.watchdog = watchdog
        lifeline = lifelineEnds[1]
        report = reportEnds[0]
        exitNotice = cchildprocess_pidfd_open(watchdog)
        var child: pid_t = -1
        guard Self.readWhole(report, into: &child), child > 0 else {
            close(lifeline)
            close(report)
            if exitNotice >= 0 { close(exitNotice) }
            while waitpid(watchdog, nil, 0) == -1 && errno == EINTR {}
            throw LaunchError(description: "could not start \(executable)")
        }
        pid = child
    }

    deinit {
        end()
        close(report)
        if exitNotice >= 0 { close(exitNotice) }
    }

    /// Waits until the child has ended, `interval` has passed (nil: no limit)
    /// or a signal arrived, whichever comes first; returns how it ended, if it has.
    @discardableResult
    package func wait(atMost interval: Duration?) -> Termination? {
        if let termination { return termination }
        var notice = [pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0)]
        let milliseconds = interval.map(Self.milliseconds) ?? -1
        if exitNotice >= 0 {
            _ = poll(&notice, 1, milliseconds)
        } else if !reap(blocking: false) {
            // No pidfd (an old kernel): look again shortly.
            usleep(useconds_t(min(10, max(0, milliseconds == -1 ? 10 : milliseconds)) * 1000))
        }
        reap(blocking: false)
        return termination
    }

    /// Sends `signal` to the child, while it runs.
    package func signal(_ signal: Int32) {
        if termination == nil { kill(pid, signal) }
    }

    /// Passes `signal` on to the child and waits up to `grace` for it to end,
    /// then kills it and what it started.
    package func stop(with signal: Int32, grace: Duration) {
        self.signal(signal)
        let deadline = ContinuousClock.now + grace
        while termination == nil, ContinuousClock.now < deadline { wait(atMost: deadline - ContinuousClock.now) }
        end()
    }

    /// Kills whatever is left (the child, if it still runs, and anything it
    /// started) and reaps the watchdog. Idempotent.
    package func end() {
        guard lifeline >= 0 else { return }
        close(lifeline)
        lifeline = -1
        reap(blocking: true)
    }

    /// Reaps the watchdog if it has ended (or, `blocking`, once it has), reading
    /// the child's status it reported; whether it has.
    @discardableResult
    private func reap(blocking: Bool) -> Bool {
        guard termination == nil else { return true }
        var result: pid_t
        repeat { result = waitpid(watchdog, nil, blocking ? 0 : WNOHANG) } while result == -1 && errno == EINTR
        guard result == watchdog else { return false }
        var status: Int32 = 0
        if Self.readWhole(report, into: &status) {
            termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        } else {
            termination = .signalled(SIGKILL)
        }
        return true
    }

    /// Reads one value of `T` from `fd`, all of it.
    private static func readWhole<T>(_ fd: Int32, into value: inout T) -> Bool {
        withUnsafeMutableBytes(of: &value) { buffer in
            var done = 0
            while done < buffer.count {
                let count = read(fd, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
    }

    /// Runs `executable` with `arguments` to its end, output collected, and
    /// waits at most `timeLimit` seconds: past it the group is killed.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeLimit: Double
    ) throws(LaunchError) -> Result {
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64((timeLimit * 1000).rounded(.up)))
        let out = try makePipe(), err = try makePipe()
        defer { close(out.read); close(err.read) }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable, arguments, environment: environment, stdout: out.write, stderr: err.write)
            close(out.write)
            close(err.write)
        } catch {
            close(out.write)
            close(err.write)
            throw error
        }
        var collected = [out.read: [UInt8](), err.read: [UInt8]()]
        var open: Set<Int32> = [out.read, err.read]
        var timedOut = false
        // The pipes close when the child and whatever inherited them have ended.
        while child.termination == nil || !open.isEmpty {
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero {
                timedOut = child.termination == nil
                child.end()
                drain(&open, into: &collected, exitNotice: -1, waitingMilliseconds: 0)
                break
            }
            let milliseconds = max(1, Self.milliseconds(remaining))
            if open.isEmpty {
                child.wait(atMost: remaining)
            } else {
                drain(
                    &open, into: &collected, exitNotice: child.termination == nil ? child.exitNotice : -1,
                    waitingMilliseconds: milliseconds)
                child.reap(blocking: false)
            }
        }
        child.end()
        return Result(
            pid: child.pid,
            termination: timedOut ? .timedOut : child.termination ?? .timedOut,
            stdout: String(decoding: collected[out.read]!, as: UTF8.self),
            stderr: String(decoding: collected[err.read]!, as: UTF8.self),
            seconds: (ContinuousClock.now - start) / .seconds(1))
    }

    /// The path of the running executable, for re-running it as a child.
    package static var currentExecutable: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// The full path of `name` on `PATH`, if it is there and executable.
    package static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// `duration` in whole milliseconds, rounded up, for `poll`.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: Int64(max(0, min(duration / .milliseconds(1), Double(Int32.max))).rounded(.up)))
    }

    private static var lastError: String { String(cString: strerror(errno)) }

    /// Reads whatever the open pipes have, waiting up to `waitingMilliseconds`
    /// for the first bytes or for `exitNotice`; forgets pipes at end of file
    /// (the caller closes them).
    private static func drain(
        _ open: inout Set<Int32>, into collected: inout [Int32: [UInt8]], exitNotice: Int32,
        waitingMilliseconds: Int32
    ) {
        guard !open.isEmpty else { return }
        var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        if exitNotice >= 0 { fds.append(pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), waitingMilliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for entry in fds where entry.revents != 0 && entry.fd != exitNotice {
            let count = read(entry.fd, &buffer, buffer.count)
            if count > 0 {
                collected[entry.fd]!.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR && errno != EAGAIN {
                open.remove(entry.fd)
            }
        }
    }

    private static func makePipe() throws(LaunchError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        // Close-on-exec: neither end may leak into other children (the child gets its end through dup2).
        guard cchildprocess_pipe(&fds) == 0 else { throw LaunchError(description: "pipe failed: \(lastError)") }
        return (fds[0], fds[1])
    }
}
