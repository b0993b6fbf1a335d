import Foundation
import LeakSuiteRecords

/// Which tests are running now, and since when, read while `swift test` runs from the files its test processes
/// write as they go: the mode's results file (an XCTest test's start, then its verdict; a process runs its
/// XCTest tests one at a time) and Swift Testing's event stream (a test function's `testStarted` and
/// `testEnded`). XCTest's own output is no use here: a test process buffers it when it is not a terminal.
/// Each file is read from where the last look stopped, so a look costs what was written since.
final class RunningTests {
    private var results: LineTail
    private var events: LineTail
    /// Swift Testing's test functions by id (its stream describes every test before it runs any).
    private var functions: Set<String> = []
    /// The tests running now, by name: their framework, when this watch first saw them start, and for
    /// XCTest the process running them.
    private var running: [String: (framework: SuiteFramework, since: ContinuousClock.Instant, pid: Int32?)] = [:]
    /// The verdicts the results file holds.
    private(set) var judged = 0

    init(results: URL, events: URL) {
        self.results = LineTail(results)
        self.events = LineTail(events)
    }

    /// Watches a new `swift test` run, whose Swift Testing events go to `events`: the tests of the last run are
    /// no longer running (its processes have ended), and its verdicts stay counted.
    func watchNextRun(events: URL) {
        look()
        running = [:]
        functions = []
        self.events = LineTail(events)
    }

    /// Reads what was written since the last look.
    func look(now: ContinuousClock.Instant = .now) {
        for line in results.newLines() {
            switch SuiteLine(decoding: Data(line.utf8)) {
            case .testStarted(let name, let pid):
                // The process's previous test has finished, with or without a verdict.
                running = running.filter { $0.value.pid != pid }
                running[name] = (.xctest, now, pid)
            case .verdict(let verdict):
                judged += 1
                if verdict.framework == .xctest { running[verdict.name] = nil }
            case .start, nil: continue
            }
        }
        for line in events.newLines() { read(event: line, now: now) }
    }

    /// The test that has run longer than `limit` by `now` (the longest running, if several have).
    func hung(limit: Duration, now: ContinuousClock.Instant = .now) -> (name: String, framework: SuiteFramework)? {
        let oldest = running.filter { now - $0.value.since > limit }.min { $0.value.since < $1.value.since }
        return oldest.map { ($0.key, $0.value.framework) }
    }

    private func read(event line: Substring, now: ContinuousClock.Instant) {
        guard let record = try? JSONDecoder().decode(SwiftTestingEvents.Record.self, from: Data(line.utf8)) else {
            return
        }
        let payload = record.payload
        switch (record.kind, payload.kind) {
        case ("test", "function"): if let id = payload.id { functions.insert(id) }
        case ("event", "testStarted"):
            // A parameterised test starts once per case: it has run since its first.
            if let id = payload.testID, functions.contains(id) {
                let name = SwiftTestingEvents.name(ofID: id)
                running[name] = running[name] ?? (.swiftTesting, now, nil)
            }
        case ("event", "testEnded"):
            if let id = payload.testID, functions.contains(id) { running[SwiftTestingEvents.name(ofID: id)] = nil }
        default: break
        }
    }
}

/// The whole lines appended to a file since the last read.
struct LineTail {
    let url: URL
    private var offset: UInt64 = 0

    init(_ url: URL) {
        self.url = url
    }

    /// The lines written since the last call, up to the last newline (a line being written waits for the next call).
    mutating func newLines() -> [Substring] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(),
            let end = data.lastIndex(of: UInt8(ascii: "\n"))
        else { return [] }
        offset += UInt64(end - data.startIndex + 1)
        return String(decoding: data[data.startIndex...end], as: UTF8.self).split(separator: "\n")
    }
}
