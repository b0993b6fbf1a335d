import Foundation

/// What a long run is doing, on stderr. On a terminal: one status line, rewritten in place, with a
/// spinner that turns while a child process works. Elsewhere (a CI log): a line per phase of
/// `rxleaks test` (`rxleaks: building LeakyApp's tests`), and while the tests run a line when the count
/// of judged tests has changed, at most one every ``Progress/lineInterval``, so that a log shows the run
/// going without a line per test. A catalogue run's per-variant status shows on a terminal only.
final class Progress {
    /// The least time between two lines of one phase in a log.
    static let lineInterval = Duration.seconds(10)

    private let isTerminal: Bool
    private let write: (String) -> Void
    private let clock: () -> ContinuousClock.Instant
    /// The phase, and the status line shown for it on a terminal.
    private var phase = ""
    private var line = ""
    private var spinning = false
    private var shown = false
    private var spinner = 0
    /// In a log: when the last line was written, and the count it gave.
    private var lastLine: ContinuousClock.Instant?
    private var lastCount: String?

    /// Progress on this process's stderr.
    convenience init() {
        self.init(isTerminal: isatty(STDERR_FILENO) == 1, write: Console.writeError, clock: { .now })
    }

    /// Progress written by `write`, as on a terminal or in a log; `clock` spaces a log's lines.
    init(isTerminal: Bool, write: @escaping (String) -> Void, clock: @escaping () -> ContinuousClock.Instant) {
        (self.isTerminal, self.write, self.clock) = (isTerminal, write, clock)
    }

    /// Shows that item `index` (from 0) of `total`, `label`, is running (on a terminal only; the count
    /// moves, so no spinner).
    func show(_ index: Int, of total: Int, _ label: String) {
        rewrite("[\(index + 1)/\(total)] \(label) (\(total - index - 1) left)", spinning: false)
    }

    /// A new phase of the run (`building LeakyApp's tests`).
    func phase(_ text: String) {
        (phase, lastCount) = (text, nil)
        if isTerminal { rewrite(text + "…") } else { logLine(text) }
    }

    /// How far the phase is (`3 of 10 tests judged`): rewritten on a terminal; in a log, a line when it
    /// changed and the phase's last line is at least ``lineInterval`` old, or at once when `final`.
    func count(_ text: String, final: Bool = false) {
        guard !isTerminal else { return rewrite("\(phase): \(text)") }
        guard text != lastCount, final || lastLine.map({ clock() - $0 >= Self.lineInterval }) ?? true else { return }
        lastCount = text
        logLine("\(phase): \(text)")
    }

    /// ``tick()`` as a child's poll, which asks to end the child when it returns true: never.
    func ticking() -> Bool {
        tick()
        return false
    }

    /// Turns the spinner: called while a child process works.
    func tick() {
        guard shown, spinning else { return }
        spinner += 1
        rewrite(line)
    }

    /// Clears the status line.
    func finish() {
        guard shown else { return }
        shown = false
        write("\r\u{1B}[K")
    }

    private func rewrite(_ text: String, spinning: Bool = true) {
        guard isTerminal else { return }
        let frames: [Character] = ["|", "/", "-", "\\"]
        (line, shown, self.spinning) = (text, true, spinning)
        write("\r\u{1B}[K" + (spinning ? "\(frames[spinner % frames.count]) " : "") + text)
    }

    private func logLine(_ text: String) {
        lastLine = clock()
        write("rxleaks: \(text)\n")
    }
}
