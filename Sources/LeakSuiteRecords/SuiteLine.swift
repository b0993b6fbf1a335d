import Foundation
import ReportFormats

/// A line of the whole-suite mode's results file: each test process writes
/// ``start`` as it loads, then for each XCTest test ``testStarted`` as it
/// starts and ``verdict`` once it is judged (Swift Testing's tests start in its
/// own event stream, which `rxleaks test` reads). A process
/// whose tests make nothing with the library writes only its start line,
/// which tells `rxleaks test` that the mode ran there all the same, rather
/// than that it was never linked in.
package enum SuiteLine: Sendable {
    /// A test process switched the mode on; its process id.
    case start(pid: Int32)
    /// An XCTest test started in this process: `rxleaks test` ends a test process
    /// whose test runs past its time limit, and names the test.
    case testStarted(name: String, pid: Int32)
    case verdict(SuiteVerdict)

    /// The line as written, newline included.
    package func encoded() throws -> Data {
        var data: Data
        switch self {
        case .start(let pid): data = try JSONOutput.line(Start(suiteMode: Start.marker, pid: pid))
        case .testStarted(let name, let pid): data = try JSONOutput.line(TestStarted(testStarted: name, pid: pid))
        case .verdict(let verdict): data = try JSONOutput.line(verdict)
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The line `bytes` holds (without its newline); nil for anything else,
    /// such as a line cut short by a killed process.
    package init?(decoding bytes: some DataProtocol) {
        let data = Data(bytes)
        if let verdict = try? JSONDecoder().decode(SuiteVerdict.self, from: data) {
            self = .verdict(verdict)
        } else if let start = try? JSONDecoder().decode(Start.self, from: data), start.suiteMode == Start.marker {
            self = .start(pid: start.pid)
        } else if let started = try? JSONDecoder().decode(TestStarted.self, from: data) {
            self = .testStarted(name: started.testStarted, pid: started.pid)
        } else {
            return nil
        }
    }

    /// Whether `bytes`, a whole line, is a verdict, read without decoding it:
    /// `rxleaks test` counts them while the tests write. The other lines begin
    /// with their process id (keys are sorted), which a verdict does not have.
    package static func isVerdict(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.starts(with: processLinePrefix)
    }

    private static let processLinePrefix = Array("{\"pid\":".utf8)

    private struct TestStarted: Codable {
        var testStarted: String
        var pid: Int32
    }

    private struct Start: Codable {
        static let marker = "started"
        var suiteMode: String
        var pid: Int32
    }
}
