import ArgumentParser
import Foundation

extension ExitCode {
    /// `EX_USAGE`: the command line named something that does not exist.
    static let badInput = ExitCode(64)
}

/// Runs `body`, turning bad input into its message on stderr and exit status 64.
func exitingOnBadInput<T>(_ body: () throws(BadInput) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw error.report()
    }
}

/// Where output goes, and how it may look there.
enum Console {
    /// Whether stdout may carry ANSI colour: a terminal, `NO_COLOR` unset or
    /// empty (https://no-color.org), and not a dumb terminal.
    static var stdoutHasColour: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) == 1
            && (environment["NO_COLOR"] ?? "").isEmpty
            && environment["TERM"] != "dumb"
    }

    /// Writes `text` to stdout as is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` to stderr as is.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `rxleaks: error: message`, then the hint's lines indented, on stderr.
    static func error(_ message: String, hint: String? = nil) {
        var text = "rxleaks: error: \(message)\n"
        if let hint { text += hint.split(separator: "\n").map { "  \($0)\n" }.joined() }
        writeError(text)
    }
}

/// Terminal styles, applied only when the output has colour.
struct Style {
    /// Whether styles produce escape sequences.
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
