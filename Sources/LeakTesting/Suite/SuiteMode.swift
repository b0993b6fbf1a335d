import Foundation
import Leaks

/// The whole-suite mode: every test of the process runs inside a leak check,
/// with no change to the tests. `RXLEAKS_SUITE=1` switches it on (`rxleaks test`
/// sets it); each test's verdict is appended to the file `RXLEAKS_SUITE_RESULTS`
/// names, one JSON object a line (``SuiteRecord``), after the line
/// ``SuiteStart`` that each test process writes as it loads; or printed on
/// stderr when that variable is unset. A leak does not fail the test: the
/// suite's results stay what they are, and `rxleaks test` reads the verdicts.
enum SuiteMode {
    /// Where verdicts go, when the mode is on.
    static let output: SuiteOutput? = {
        guard ProcessInfo.processInfo.environment["RXLEAKS_SUITE"] == "1" else { return nil }
        return SuiteOutput(path: ProcessInfo.processInfo.environment["RXLEAKS_SUITE_RESULTS"])
    }()

    /// How long a test's pending work may take to settle: `RXLEAKS_SUITE_SETTLE_SECONDS`, else 2 s.
    static let settle: SettlePolicy = {
        let seconds = ProcessInfo.processInfo.environment["RXLEAKS_SUITE_SETTLE_SECONDS"].flatMap(Double.init) ?? 2
        return .timeout(.milliseconds(Int(max(0, seconds) * 1000)))
    }()

    /// How many closures' captures each test's check reads:
    /// `RXLEAKS_SUITE_CLOSURE_BUDGET`, else 1,000 (a stress test handing
    /// RxCore tens of thousands of closures from many threads would otherwise
    /// slow down past its own time-outs).
    static let closureBudget: Int = {
        ProcessInfo.processInfo.environment["RXLEAKS_SUITE_CLOSURE_BUDGET"].flatMap(Int.init).map { max(0, $0) } ?? 1_000
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

/// One test's verdict in the whole-suite mode, as `rxleaks test` reads it.
struct SuiteRecord: Encodable {
    /// `xctest` or `swift-testing`.
    let framework: String
    /// XCTest's `Suite.testName` or Swift Testing's `Module.Suite/function()`.
    let name: String
    /// Whether the test ran a leak check of its own (`assertNoLeaks`,
    /// `trackForLeaks`, `.leakChecked`): what that check saw is reported by the
    /// test itself, as a failure, and not here.
    let ownCheck: Bool
    /// Whether the test passed, when the framework says so here (XCTest).
    let passed: Bool?
    let report: LeakReport
    /// The report as text, as `rxleaks explain` prints a leak.
    let text: String
    /// Why the test asked that its leaks not be judged (`ignoreLeaks(because:)`,
    /// `.leaksIgnored(because:)`); absent when it did not.
    var ignoredBecause: String? = nil
}

/// The line each test process in the mode writes first: a process whose
/// tests make nothing with RxCore writes no verdict (Swift Testing opens no
/// check for them), and this line tells `rxleaks test` that the mode ran
/// there all the same, rather than that it was never linked in.
struct SuiteStart: Encodable {
    /// Always `started`: the key `rxleaks test` looks for.
    let suiteMode = "started"
    let pid = getpid()
}

/// Appends records to the results file, one line each, whole lines even when
/// parallel test processes share the file.
final class SuiteOutput: Sendable {
    let path: String?

    init(path: String?) {
        self.path = path
    }

    func write(_ record: SuiteRecord) {
        guard let path else {
            if !record.report.isClean { FileHandle.standardError.write(Data((record.text + "\n").utf8)) }
            return
        }
        append(record, to: path)
    }

    /// Writes ``SuiteStart``, to the results file only: on stderr it would say nothing.
    func writeStart() {
        if let path { append(SuiteStart(), to: path) }
    }

    private func append(_ value: some Encodable, to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(value) else { return }
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            FileHandle.standardError.write(Data("rxleaks suite mode: cannot open \(path): errno \(errno)\n".utf8))
            return
        }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        flock(descriptor, LOCK_UN)
    }
}
