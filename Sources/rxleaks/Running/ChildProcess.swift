#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process run to its end or to its time limit, with its output
/// collected. A child past its limit is killed and reaped: none is left
/// running or as a zombie.
struct ChildProcess {
    /// How the child ended.
    enum Termination: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It was still running at the time limit and was killed.
        case timedOut
    }

    /// What the child did.
    struct Result {
        /// The child's process id (reaped: no longer a process).
        var pid: pid_t
        var termination: Termination
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// Could not start the child.
    struct LaunchError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments` (stdin from /dev/null), with
    /// `environment` added to this process's, and waits at most `timeLimit` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], timeLimit: Double) throws(LaunchError) -> Result {
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64((timeLimit * 1000).rounded(.up)))
        let out = try makePipe(), err = try makePipe()

        let pid = try spawn(executable, arguments, environment: environment, stdout: out.write, stderr: err.write)
        close(out.write)
        close(err.write)

        var collected = [out.read: [UInt8](), err.read: [UInt8]()]
        var open: Set<Int32> = [out.read, err.read]
        var status: Int32 = 0
        var reaped = false
        var timedOut = false
        while !(reaped && open.isEmpty) {
            if !reaped { reaped = waitpid(pid, &status, WNOHANG) == pid }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero {
                if !reaped {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                    reaped = true
                    timedOut = true
                }
                drain(&open, into: &collected, waitingMilliseconds: 0)
                break
            }
            let milliseconds = Int32(min(20, max(1, remaining / .milliseconds(1))))
            drain(&open, into: &collected, waitingMilliseconds: open.isEmpty ? 0 : milliseconds)
            // Both pipes closed: the child is exiting; look again soon.
            if open.isEmpty && !reaped { usleep(1000) }
        }
        close(out.read)
        close(err.read)

        let termination: Termination
        if timedOut {
            termination = .timedOut
        } else if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signalled(status & 0x7f)
        }
        let elapsed = ContinuousClock.now - start
        return Result(
            pid: pid,
            termination: termination,
            stdout: String(decoding: collected[out.read]!, as: UTF8.self),
            stderr: String(decoding: collected[err.read]!, as: UTF8.self),
            seconds: elapsed / .seconds(1))
    }

    /// The path of the running executable, for re-running it as a child.
    static var currentExecutable: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// The full path of `name` on `PATH`, if it is there and executable.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Reads whatever the open pipes have, waiting up to `waitingMilliseconds`
    /// for the first bytes; forgets pipes at end of file (the caller closes them).
    private static func drain(_ open: inout Set<Int32>, into collected: inout [Int32: [UInt8]], waitingMilliseconds: Int32) {
        guard !open.isEmpty else { return }
        var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), waitingMilliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for entry in fds where entry.revents != 0 {
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
        guard pipe(&fds) == 0 else { throw LaunchError(description: "pipe failed: \(String(cString: strerror(errno)))") }
        // The read ends must not leak into later children.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String], stdout: Int32, stderr: Int32) throws(LaunchError) -> pid_t {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            close(stdout)
            close(stderr)
            throw LaunchError(description: "could not start \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }
}
