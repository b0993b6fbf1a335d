import Foundation
import LeakSuiteRecords
import Leaks

/// The whole-suite mode: every test of the process runs inside a leak check,
/// with no change to the tests. ``SuiteEnvironment/mode`` switches it on
/// (`rxleaks test` sets it); each test's verdict is appended to the file
/// ``SuiteEnvironment/results`` names (``SuiteLine``), or printed on stderr
/// when that variable is unset. A leak does not fail the test: the suite's
/// results stay what they are, and `rxleaks test` reads the verdicts.
enum SuiteMode {
    /// Where verdicts go, when the mode is on: not in a process a test started (``SuiteEnvironment/testProcess``).
    static let output: SuiteOutput? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment[SuiteEnvironment.mode] == "1" else { return nil }
        let process = String(getpid())
        if let owner = environment[SuiteEnvironment.testProcess], owner != process { return nil }
        setenv(SuiteEnvironment.testProcess, process, 1)
        return SuiteOutput(path: environment[SuiteEnvironment.results])
    }()

    /// How long a test's pending work may take to settle: ``SuiteEnvironment/settleSeconds``, else 2 s.
    static let settle: SettlePolicy = {
        let seconds = ProcessInfo.processInfo.environment[SuiteEnvironment.settleSeconds].flatMap(Double.init) ?? 2
        return .timeout(.milliseconds(Int(max(0, seconds) * 1000)))
    }()

    /// How many closures' captures each test's check reads:
    /// ``SuiteEnvironment/closureBudget``, else 1,000 (a stress test handing
    /// RxCore tens of thousands of closures from many threads would otherwise
    /// slow down past its own time-outs).
    static let closureBudget: Int = {
        ProcessInfo.processInfo.environment[SuiteEnvironment.closureBudget].flatMap(Int.init).map { max(0, $0) }
            ?? 1_000
    }()

    /// How many times each XCTest test runs: ``SuiteEnvironment/repetitions``, else once (no growth verdict).
    static let repetitions: Int = {
        ProcessInfo.processInfo.environment[SuiteEnvironment.repetitions].flatMap(Int.init).map { max(1, $0) } ?? 1
    }()

    static var isOn: Bool { output != nil }
}

/// Called by the C constructor in `CLeakTesting` when the test process loads.
@_cdecl("rxleaks_suite_install")
func installSuiteMode() {
    guard let output = SuiteMode.output else { return }
    output.writeStart()
    XCTestSuiteChecks.install()
    SwiftTestingSuiteChecks.install()
}

/// Appends verdicts to the results file, one line each, whole lines even when
/// parallel test processes share the file.
final class SuiteOutput: Sendable {
    let path: String?

    init(path: String?) {
        self.path = path
    }

    func write(_ verdict: SuiteVerdict) {
        guard let path else {
            if !verdict.report.isClean { FileHandle.standardError.write(Data((verdict.text + "\n").utf8)) }
            return
        }
        append(.verdict(verdict), to: path)
    }

    /// Writes the process's start line, to the results file only: on stderr it would say nothing.
    func writeStart() {
        if let path { append(.start(pid: getpid()), to: path) }
    }

    /// Writes that the XCTest test `name` starts, to the results file only.
    func writeStarted(_ name: String) {
        if let path { append(.testStarted(name: name, pid: getpid()), to: path) }
    }

    private func append(_ line: SuiteLine, to path: String) {
        guard let bytes = try? line.encoded() else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            FileHandle.standardError.write(Data("rxleaks suite mode: cannot open \(path): errno \(errno)\n".utf8))
            return
        }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        flock(descriptor, LOCK_UN)
    }
}
