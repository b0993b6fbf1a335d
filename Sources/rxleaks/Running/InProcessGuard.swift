#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// What an in-process run says when a variant takes the process down or does
/// not return. A crash cannot be survived in-process and a body stuck in a
/// loop cannot be stopped there, so the user learns which variant it was and
/// that `--isolate` turns either into that variant's outcome while the run
/// goes on (a crash by its signal, a hang at `--time-limit`).
enum InProcessGuard {
    /// The signals a crash raises: traps, bad accesses, `abort`.
    private static let crashSignals = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]
    private static let labelCapacity = 1024

    /// The running variant's label, readable from a signal handler: no lock,
    /// no allocation; `labelLength` is 0 between variants.
    private static let label = UnsafeMutablePointer<CChar>.allocate(capacity: labelCapacity)
    private static let labelLength = Atomic<Int>(0)
    /// The handlers that were there before, indexed by signal, to chain to.
    private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
    /// Which variant runs (bumped for each) and when it started, for the watchdog.
    private static let generation = Atomic<Int>(0)
    private static let startedAt = Atomic<UInt64>(0)
    /// The running session's `--time-limit`, as the bits of a `Double`.
    private static let timeLimitBits = Atomic<UInt64>(0)
    private static let installed = Mutex<Bool>(false)
    /// Signalled as each variant starts: the watchdog sleeps on it, not on a clock.
    private static let variantStarted = DispatchSemaphore(value: 0)
    /// The stack the crash handler runs on: a stack overflow leaves none. The
    /// kernel uses it for as long as the process lives, so a static keeps it,
    /// where a leak checker sees it is still referenced.
    private static let alternateStackSize = 256 * 1024
    private static let alternateStack = UnsafeMutableRawPointer.allocate(byteCount: alternateStackSize, alignment: 16)

    /// Runs `body`, the in-process run of the variant `label`, under the guard.
    static func running<T>(_ label: String, timeLimit: Double, _ body: () -> T) -> T {
        install()
        timeLimitBits.store(timeLimit.bitPattern, ordering: .sequentiallyConsistent)
        let bytes = Array(label.utf8.prefix(labelCapacity))
        labelLength.store(0, ordering: .sequentiallyConsistent)
        bytes.withUnsafeBufferPointer { buffer in
            UnsafeMutableRawPointer(Self.label).copyMemory(from: buffer.baseAddress!, byteCount: buffer.count)
        }
        startedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .sequentiallyConsistent)
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        labelLength.store(bytes.count, ordering: .sequentiallyConsistent)
        variantStarted.signal()
        defer { labelLength.store(0, ordering: .sequentiallyConsistent) }
        return body()
    }

    private static func install() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            var stack = stack_t()
            stack.ss_size = alternateStackSize
            stack.ss_sp = alternateStack
            sigaltstack(&stack, nil)
            for signal in crashSignals {
                var action = sigaction()
                action.__sigaction_handler.sa_sigaction = crashHandler
                action.sa_flags = SA_SIGINFO | SA_ONSTACK
                sigemptyset(&action.sa_mask)
                sigaction(signal, &action, previous + Int(signal))
            }
            let watchdog = Thread { watch() }
            watchdog.name = "rxleaks in-process watchdog"
            watchdog.start()
        }
    }

    /// Says once per variant that it has run longer than the time limit. It waits for a variant to start,
    /// then until that variant's time limit or the next start, whichever comes first: no wake-up between.
    private static func watch() {
        while true {
            variantStarted.wait()
            let current = generation.load(ordering: .sequentiallyConsistent)
            let timeLimit = Double(bitPattern: timeLimitBits.load(ordering: .sequentiallyConsistent))
            let deadline = DispatchTime(
                uptimeNanoseconds: startedAt.load(ordering: .sequentiallyConsistent) &+ UInt64(timeLimit * 1e9))
            guard variantStarted.wait(timeout: deadline) == .timedOut else {
                variantStarted.signal()  // another variant started: its turn of the loop watches it
                continue
            }
            guard current == generation.load(ordering: .sequentiallyConsistent),
                labelLength.load(ordering: .sequentiallyConsistent) > 0
            else { continue }
            let name = String(
                decoding: UnsafeRawBufferPointer(
                    start: label, count: labelLength.load(ordering: .sequentiallyConsistent)), as: UTF8.self)
            Console.writeError(
                "\nrxleaks: \(name) has been running in this process for \(RunSession.seconds(timeLimit.rounded(.up))) s "
                    + "and has not returned: it hangs or floods.\nrxleaks: stop it and run it with --isolate: "
                    + "each variant then runs in its own process, one past --time-limit is killed and reported "
                    + "as timed out, and the run goes on.\n")
        }
    }

    /// Writes the notice with async-signal-safe calls only, then hands the
    /// signal to the handler that was there before (the runtime's backtracer,
    /// or the default action).
    private static let crashHandler:
        @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
            signal, info, _ in
            let length = labelLength.load(ordering: .sequentiallyConsistent)
            if length > 0 {
                write(STDERR_FILENO, "\nrxleaks: the process crashed (")
                switch signal {
                case SIGILL: write(STDERR_FILENO, "SIGILL")
                case SIGTRAP: write(STDERR_FILENO, "SIGTRAP")
                case SIGABRT: write(STDERR_FILENO, "SIGABRT")
                case SIGBUS: write(STDERR_FILENO, "SIGBUS")
                case SIGFPE: write(STDERR_FILENO, "SIGFPE")
                default: write(STDERR_FILENO, "SIGSEGV")
                }
                write(STDERR_FILENO, ") while running ")
                _ = Glibc.write(STDERR_FILENO, label, length)
                write(
                    STDERR_FILENO,
                    """
                     in this process; the variants after it did not run.
                    rxleaks: run with --isolate to run each variant in its own process: \
                    a crash becomes that variant's outcome and the run goes on.

                    """)
            }
            sigaction(signal, previous + Int(signal), nil)
            // A signal sent by raise or abort is not raised again by returning; a fault is.
            if (info?.pointee.si_code ?? 0) <= 0 { raise(signal) }
        }

    private static func write(_ descriptor: Int32, _ text: StaticString) {
        _ = Glibc.write(descriptor, text.utf8Start, text.utf8CodeUnitCount)
    }
}
