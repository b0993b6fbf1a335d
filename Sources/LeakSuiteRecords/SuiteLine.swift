import Foundation
import ReportFormats

/// A line of the whole-suite mode's results file: each test process writes
/// ``start`` as it loads, then one ``verdict`` per test it judges. A process
/// whose tests make nothing with the library writes only its start line,
/// which tells `rxleaks test` that the mode ran there all the same, rather
/// than that it was never linked in.
package enum SuiteLine: Sendable {
    /// A test process switched the mode on; its process id.
    case start(pid: Int32)
    case verdict(SuiteVerdict)

    /// The line as written, newline included.
    package func encoded() throws -> Data {
        var data: Data
        switch self {
        case .start(let pid): data = try JSONOutput.line(Start(suiteMode: Start.marker, pid: pid))
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
        } else {
            return nil
        }
    }

    /// Whether `bytes`, a whole line, is a verdict, read without decoding it:
    /// `rxleaks test` counts them while the tests write.
    package static func isVerdict(_ bytes: some Collection<UInt8>) -> Bool {
        !String(decoding: bytes, as: UTF8.self).contains("\"\(Start.CodingKeys.suiteMode.stringValue)\"")
    }

    private struct Start: Codable {
        static let marker = "started"
        var suiteMode: String
        var pid: Int32

        enum CodingKeys: String, CodingKey { case suiteMode, pid }
    }
}
