import Foundation

/// What Swift Testing's event stream (`swift test --event-stream-output-path
/// FILE --event-stream-version 0`, JSON Lines) says of each test function that
/// ran. The whole-suite mode opens a Swift Testing test's check only when the
/// test makes something with RxCore, and cannot see its issues: the stream
/// names every test that started, and whether it recorded an issue that was
/// not known (version 0 records no warnings, so every other issue fails the test).
enum SwiftTestingEvents {
    /// The stream's options, which `rxleaks test` passes to `swift test` itself.
    static let options = ["--event-stream-output-path", "--event-stream-version"]

    /// `swift test`'s arguments that write the stream to `file`.
    static func arguments(writingTo file: URL) -> [String] {
        [options[0], file.path, options[1], "0"]
    }

    /// One test function that ran. A parameterised test is one test: the mode
    /// attributes all its cases to it (`Test.current`), and it failed when
    /// any case recorded an issue.
    struct Outcome: Equatable {
        /// `Module.Suite/function()`, as the mode names the test.
        var name: String
        var passed: Bool
        /// Whether it ended: a test that started and never ended was running when its process died.
        var ended = true
    }

    /// The test functions that started, in the order they started; none when
    /// the file is missing (no Swift Testing test ran).
    static func read(_ url: URL) -> [Outcome] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        var functions: Set<String> = []
        var started: [String] = []
        var failed: Set<String> = []
        var ended: Set<String> = []
        for line in text.split(separator: "\n") {
            guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case ("test", "function"): if let id = payload.id { functions.insert(id) }
            case ("event", "testStarted"): if let id = payload.testID, functions.contains(id) { started.append(id) }
            case ("event", "testEnded"): if let id = payload.testID { ended.insert(id) }
            case ("event", "issueRecorded"):
                if let id = payload.testID, payload.issue?.isKnown == false { failed.insert(id) }
            default: break
            }
        }
        return started.map { Outcome(name: name(ofID: $0), passed: !failed.contains($0), ended: ended.contains($0)) }
    }

    /// `Module.Suite/function()` of `Module.Suite/function()/File.swift:12:6`.
    static func name(ofID id: String) -> String {
        let components = id.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = components.last, last.contains(".swift:") else { return id }
        return components.dropLast().joined(separator: "/")
    }

    /// One line of the stream: a test's description or an event, with the fields read here.
    struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    struct Payload: Decodable {
        var kind: String?
        var id: String?
        var testID: String?
        var issue: Issue?
    }

    struct Issue: Decodable {
        var isKnown: Bool
    }
}
