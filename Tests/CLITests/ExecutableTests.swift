#if canImport(FoundationXML)
import FoundationXML
#endif
import ChildProcesses
import Foundation
import XCTest

/// Every subcommand and format, through the built executable, on the real
/// catalogue (whatever it holds: assertions follow from `list --format json`).
final class ExecutableTests: XCTestCase {
    /// The ids of the catalogue's scenarios.
    private func scenarioIDs() throws -> [String] {
        try CLI.catalogue().compactMap { $0["id"]?.stringValue }
    }

    /// The first scenario of the catalogue.
    private func firstScenario() throws -> JSONValue {
        try XCTUnwrap(try CLI.catalogue().first, "the catalogue lists no scenario")
    }

    /// The first scenario's id.
    private func firstScenarioID() throws -> String {
        let first = try firstScenario()
        return try XCTUnwrap(first["id"]?.stringValue)
    }

    // MARK: rxleaks (no arguments) and run

    func testTheDefaultCommandRunsTheWholeCatalogueAndItsStatusFollowsTheMatches() throws {
        let text = try CLI.run([])
        let json = try CLI.wholeCatalogueJSON()
        let document = try json.json()
        let allMatched = try XCTUnwrap(document["allMatched"]?.boolValue)
        XCTAssertEqual(text.status, allMatched ? 0 : 1, text.stdout + text.stderr)
        XCTAssertEqual(json.status, text.status)
        XCTAssertNoStackTrace(text)

        let results = try XCTUnwrap(document["results"]?.arrayValue)
        let catalogue = try CLI.catalogue()
        XCTAssertEqual(
            results.count, catalogue.map { $0["variants"]?.arrayValue?.count ?? 0 }.reduce(0, +), "every variant runs")
        XCTAssertEqual(allMatched, results.allSatisfy { $0["matched"]?.boolValue == true })
        for id in try scenarioIDs() {
            XCTAssertTrue(text.stdout.contains("\n\(id)  "), "\(id) has a heading:\n\(text.stdout)")
        }

        XCTAssertTrue(
            text.stdout.hasPrefix(
                "counts: subscriptions, sinks, subjects, disposables, observables, tracked objects the variant made that are still alive"
            ), text.stdout)
        XCTAssertTrue(
            text.stdout.contains(
                "SCENARIO / VARIANT  SUBSCRIPTIONS  SINKS  SUBJECTS  DISPOSABLES  OBSERVABLES  TRACKED  MATCHED  VERDICT"
            )
                || text.stdout.contains("SCENARIO / VARIANT "), text.stdout)
        let summary = try XCTUnwrap(text.stdout.split(separator: "\n").last)
        XCTAssertTrue(summary.hasPrefix("\(results.count) variant"), String(summary))
        XCTAssertFalse(text.stdout.contains("\u{1B}"), "no colour when stdout is not a terminal")
        XCTAssertFalse(text.stderr.contains("[1/"), "no progress when stderr is not a terminal")
    }

    func testTheJSONOutputValidatesAgainstTheDocumentedSchema() throws {
        let schema = try CLI.runSchema()
        for arguments in [
            ["run", "--format", "json"], ["run", "--format", "json", "--repeat", "2", "--variant", "leaking"],
        ] {
            let invocation = arguments.count == 3 ? try CLI.wholeCatalogueJSON() : try CLI.run(arguments)
            let document = try invocation.json()
            XCTAssertEqual(schema.violations(of: document), [], arguments.joined(separator: " "))
            let results = try XCTUnwrap(document["results"]?.arrayValue)
            XCTAssertEqual(document["summary"]?["variants"], .number(Double(results.count)))
            XCTAssertEqual(
                document["summary"]?["matched"], .number(Double(results.filter { $0["matched"] == .bool(true) }.count)))
        }
    }

    func testTheValidatorRejectsWhatTheSchemaForbids() throws {
        let schema = try CLI.runSchema()
        let empty = try JSONValue.parse(
            #"{"schemaVersion": 2, "allMatched": true, "results": [], "summary": {"variants": 0, "scenarios": 0, "matched": 0, "mismatched": 0, "isolated": 0, "crashed": 0, "timedOut": 0, "faulted": 0, "seconds": 0}}"#
        )
        XCTAssertEqual(schema.violations(of: empty), [])
        let broken = try JSONValue.parse(
            #"{"schemaVersion": 1, "allMatched": 1, "results": [{}], "summary": {}, "extra": null}"#)
        let problems = schema.violations(of: broken)
        for expected in [
            "$.schemaVersion: 1.0 is not one of", "$.allMatched: expected boolean", "$: unexpected property extra",
            "$.results[0]: missing required property outcome", "$.summary: missing required property seconds",
        ] {
            XCTAssertTrue(problems.contains { $0.hasPrefix(expected) }, "\(expected) in \(problems)")
        }
    }

    func testJUnitHasATestCasePerVariantAndAFailurePerMismatch() throws {
        let json = try CLI.wholeCatalogueJSON().json()
        let invocation = try CLI.run(["run", "--format", "junit"])
        let counter = JUnitCounter()
        let parser = XMLParser(data: Data(invocation.stdout.utf8))
        parser.delegate = counter
        XCTAssertTrue(
            parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(invocation.stdout)")
        XCTAssertEqual(counter.elements["testsuites"], 1)
        XCTAssertEqual(counter.elements["testcase"] ?? 0, json["results"]?.arrayValue?.count)
        XCTAssertEqual(
            (counter.elements["failure"] ?? 0) + (counter.elements["error"] ?? 0),
            Int(json["summary"]?["mismatched"]?.numberValue ?? -1))
        XCTAssertEqual(invocation.status, json["allMatched"] == .bool(true) ? 0 : 1)
    }

    func testRunSelectsByIdPatternAndVariant() throws {
        let scenario = try firstScenario()
        let id = try XCTUnwrap(scenario["id"]?.stringValue)
        let qualified = try XCTUnwrap(scenario["qualifiedID"]?.stringValue)
        let variants = try XCTUnwrap(scenario["variants"]?.arrayValue)

        let byID = try CLI.run(["run", id, "--format", "json"]).json()
        XCTAssertEqual(
            byID["results"]?.arrayValue?.map { $0["variant"]?.stringValue }, variants.map { $0["name"]?.stringValue })

        let prefix = String(qualified.prefix { $0 != "-" })
        let byPattern = try CLI.run(["run", "\(prefix)-*", "--format", "json"]).json()
        let patternResults = try XCTUnwrap(byPattern["results"]?.arrayValue)
        XCTAssertTrue(patternResults.contains { $0["scenario"]?.stringValue == id })
        XCTAssertTrue(patternResults.allSatisfy { $0["guide"]?["file"] == scenario["guide"]?["file"] })

        let suffix = String(id.split(separator: "-").last!)
        let bySuffix = try CLI.run(["run", "*-\(suffix)", "--format", "json"]).json()
        XCTAssertTrue(
            bySuffix["results"]?.arrayValue?.allSatisfy { $0["scenario"]?.stringValue?.hasSuffix("-\(suffix)") == true }
                == true)

        let role = try XCTUnwrap(variants[0]["role"]?.stringValue)
        let byRole = try CLI.run(["run", id, "--variant", role, "--format", "json"]).json()
        XCTAssertEqual(Set(byRole["results"]?.arrayValue?.compactMap { $0["role"]?.stringValue } ?? []), [role])

        let name = try XCTUnwrap(variants.last?["name"]?.stringValue)
        let byName = try CLI.run(["run", id, "--variant", name, "--format", "json", "--repeat", "3"]).json()
        XCTAssertEqual(byName["results"]?.arrayValue?.map { $0["variant"]?.stringValue }, [name])
        XCTAssertEqual(byName["results"]?.arrayValue?.first?["repetitions"], .number(3))
    }

    /// A fixed variant run after a leaking one shows what it left itself (nothing), not the leaking
    /// variant's leftovers; `--totals` still shows the process's counts, leftovers included.
    func testRunCountsWhatEachVariantLeftAndTotalsOnRequest() throws {
        let arguments = ["run", "closure-strong-self"]
        let fixedRow = { (output: String) -> [String] in
            let row = output.split(separator: "\n").first { $0.hasPrefix("  fixed ") }.map(String.init) ?? ""
            return row.split(separator: " ").map(String.init)
        }
        let own = try CLI.run(arguments)
        XCTAssertEqual(own.status, 0, own.stdout + own.stderr)
        let ownCells = fixedRow(own.stdout)
        XCTAssertEqual(Array(ownCells.dropFirst().prefix(6)), Array(repeating: "0→0", count: 6), own.stdout)
        let totals = try CLI.run(arguments + ["--totals"])
        let subscriptions = try XCTUnwrap(fixedRow(totals.stdout).dropFirst().first, totals.stdout)
        let before = try XCTUnwrap(Int(subscriptions.split(separator: "→")[0]), subscriptions)
        XCTAssertGreaterThan(
            before, 0,
            "the leaking variant's subscriptions are still alive before the fixed one runs:\n\(totals.stdout)")
        XCTAssertTrue(totals.stdout.hasPrefix("counts: live subscriptions"), totals.stdout)
    }

    func testIsolatedRunsGiveTheSameOutcomesInChildProcesses() throws {
        let id = try firstScenarioID()
        let inProcess = try CLI.run(["run", id, "--format", "json"]).json()
        let isolated = try CLI.run(["run", id, "--isolate", "--format", "json"])
        let document = try isolated.json()
        XCTAssertEqual(try CLI.runSchema().violations(of: document), [])
        let results = try XCTUnwrap(document["results"]?.arrayValue)
        XCTAssertTrue(results.allSatisfy { $0["isolated"] == .bool(true) })
        XCTAssertEqual(
            results.map { $0["outcome"]?["kind"] }, inProcess["results"]?.arrayValue?.map { $0["outcome"]?["kind"] })
        XCTAssertEqual(document["summary"]?["isolated"], .number(Double(results.count)))
    }

    func testAVariantExpectedToCrashRunsIsolatedAndTheRunCompletes() throws {
        let catalogue = try CLI.catalogue()
        let crashing = try XCTUnwrap(
            catalogue.first { $0["variants"]?.arrayValue?.contains { $0["alwaysIsolated"] == .bool(true) } == true },
            "the catalogue lists no variant expected to crash")
        let id = try XCTUnwrap(crashing["id"]?.stringValue)
        let variant = try XCTUnwrap(
            crashing["variants"]?.arrayValue?.first { $0["alwaysIsolated"] == .bool(true) }?["name"]?.stringValue)
        let other = try XCTUnwrap(catalogue.first { $0["id"]?.stringValue != id }?["id"]?.stringValue)

        let invocation = try CLI.run(["run", id, other, "--format", "json"])
        XCTAssertNoStackTrace(invocation)
        let results = try XCTUnwrap(invocation.json()["results"]?.arrayValue)
        let crashed = try XCTUnwrap(
            results.first { $0["scenario"]?.stringValue == id && $0["variant"]?.stringValue == variant })
        XCTAssertEqual(crashed["isolated"], .bool(true))
        XCTAssertEqual(crashed["outcome"]?["kind"], .string("crashed"), "\(crashed)")
        XCTAssertEqual(crashed["outcome"]?["cause"], .string("unowned reference read after deallocation"))
        XCTAssertTrue(results.contains { $0["scenario"]?.stringValue == other }, "the run went on after the crash")

        let text = try CLI.run(["run", id, "--variant", variant])
        XCTAssertTrue(text.stdout.contains("crashed: SIG"), text.stdout)
        XCTAssertTrue(text.stdout.contains(", unowned reference read after deallocation"), text.stdout)
    }

    func testBacktracesPrintSymbolicatedSites() throws {
        let json = try CLI.wholeCatalogueJSON().json()
        let leaking = try XCTUnwrap(
            json["results"]?.arrayValue?.first {
                $0["role"] == .string("leaking") && $0["liveSubscriptions"]?.arrayValue?.isEmpty == false
            }, "no leaking variant of the catalogue leaves a subscription alive")
        let id = try XCTUnwrap(leaking["scenario"]?.stringValue)
        let variant = try XCTUnwrap(leaking["variant"]?.stringValue)

        let traced = try CLI.run(["run", id, "--variant", variant, "--backtraces", "--format", "json"]).json()
        XCTAssertEqual(try CLI.runSchema().violations(of: traced), [])
        let frames =
            traced["results"]?.arrayValue?.first?["liveSubscriptions"]?.arrayValue?.first?["backtrace"]?.arrayValue
            ?? []
        XCTAssertFalse(frames.isEmpty, "\(traced)")
        XCTAssertTrue(frames.contains { $0.stringValue?.contains(".swift:") == true }, "\(frames)")

        let text = try CLI.run(["run", id, "--variant", variant, "--backtraces"])
        XCTAssertTrue(text.stdout.contains("made at:"), text.stdout)
        XCTAssertFalse(try CLI.run(["run", id, "--variant", variant]).stdout.contains("made at:"))
        // From a child process, where the raw addresses mean nothing, the frames come back as text. Symbolicating
        // them took the child 12.6 s on a loaded machine: the default 10 s limit is not what this test is about.
        let isolated = try CLI.run([
            "run", id, "--variant", variant, "--backtraces", "--isolate", "--time-limit", "120",
        ])
        XCTAssertTrue(isolated.stdout.contains("made at:"), isolated.stdout)
        XCTAssertFalse(isolated.stdout.contains("(no backtraces were captured)"), isolated.stdout)
    }

    // MARK: list, explain, counts

    func testListShowsIdsTitlesGuideReferencesAndVariants() throws {
        let text = try CLI.run(["list"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.hasPrefix("ID "), text.stdout)
        for scenario in try CLI.catalogue() {
            let id = try XCTUnwrap(scenario["id"]?.stringValue)
            let line = try XCTUnwrap(text.stdout.split(separator: "\n").first { $0.hasPrefix(id + " ") }, id)
            XCTAssertTrue(line.contains(try XCTUnwrap(scenario["title"]?.stringValue)))
            XCTAssertTrue(line.contains("guide "))
            for variant in scenario["variants"]?.arrayValue ?? [] {
                XCTAssertTrue(line.contains(try XCTUnwrap(variant["name"]?.stringValue)), String(line))
            }
        }
        XCTAssertTrue(text.stdout.contains("scenarios, "), text.stdout)
    }

    func testExplainPrintsTheGuidePassageTheFixAndTheLeakingRun() throws {
        let scenario = try firstScenario()
        let id = try XCTUnwrap(scenario["id"]?.stringValue)
        let invocation = try CLI.run(["explain", id])
        XCTAssertEqual(invocation.status, 0, invocation.stderr)
        for expected in [
            try XCTUnwrap(scenario["title"]?.stringValue), try XCTUnwrap(scenario["guide"]?["file"]?.stringValue),
            "Why it leaks", "Fix", "Variant ",
        ] {
            XCTAssertTrue(invocation.stdout.contains(expected), "\(expected) in\n\(invocation.stdout)")
        }
        let fixed = try CLI.run(["explain", id, "--variant", "all"])
        XCTAssertGreaterThanOrEqual(
            fixed.stdout.components(separatedBy: "\nVariant ").count - 1, scenario["variants"]?.arrayValue?.count ?? 0)
    }

    func testExplainDotAndRender() throws {
        let id = try firstScenarioID()
        let dot = try CLI.run(["explain", id, "--dot"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(dot.stdout.hasPrefix("digraph "), dot.stdout)
        XCTAssertTrue(dot.stdout.hasSuffix("}\n"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxleaks-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let missing = try CLI.run(
            ["explain", id, "--render", directory.appendingPathComponent("graph.svg").path],
            environment: ["PATH": directory.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("Graphviz's `dot`, which is not on PATH"), missing.stderr)
        XCTAssertNoStackTrace(missing)

        let wrongSuffix = try CLI.run(["explain", id, "--render", "graph.pdf"])
        XCTAssertEqual(wrongSuffix.status, 64)
        XCTAssertTrue(wrongSuffix.stderr.contains(".svg or .png"), wrongSuffix.stderr)

        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        _ = try XCTUnwrap(
            searchPath.split(separator: ":").first { FileManager.default.isExecutableFile(atPath: "\($0)/dot") },
            "Graphviz's `dot` is not on PATH: scripts/test installs it (scripts/ensure-system-packages graphviz)")
        for (name, magic) in [("graph.svg", Array("<?xml".utf8)), ("graph.png", [0x89, 0x50, 0x4E, 0x47] as [UInt8])] {
            let file = directory.appendingPathComponent(name)
            let rendered = try CLI.run(["explain", id, "--render", file.path])
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            let bytes = try Data(contentsOf: file)
            XCTAssertEqual(Array(bytes.prefix(magic.count)), magic, name)
        }
    }

    func testCountsPrintsPerKindStepsAndGrowth() throws {
        let id = try firstScenarioID()
        let invocation = try CLI.run(["counts", id, "--repeat", "3"])
        XCTAssertEqual(invocation.status, 0, invocation.stderr)
        for expected in [
            "KIND", "BEFORE", "AFTER REP 1", "AFTER REP 3", "AFTER SETTLING", "PER REPETITION", "live subscriptions",
            "total resources", "\(id) / ", "3 repetitions",
        ] {
            XCTAssertTrue(invocation.stdout.contains(expected), "\(expected) in\n\(invocation.stdout)")
        }
        let once = try CLI.run(["counts", id, "--isolate"])
        XCTAssertTrue(once.stdout.contains("AFTER RUN"), once.stdout)
        XCTAssertTrue(once.stdout.contains("isolated"), once.stdout)
    }

    // MARK: bad input

    func testAnUnknownIdIsAClearErrorWithSuggestionsAndStatus64() throws {
        let id = try firstScenarioID()
        var typo = Array(id)
        typo.swapAt(typo.count - 1, typo.count - 2)
        for arguments in [
            [String(typo)], ["run", String(typo)], ["explain", String(typo)], ["counts", String(typo)],
        ] {
            let invocation = try CLI.run(arguments)
            XCTAssertEqual(invocation.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(invocation.stderr.contains("error: unknown scenario id '\(String(typo))'"), invocation.stderr)
            XCTAssertTrue(invocation.stderr.contains("did you mean \(id)"), invocation.stderr)
            XCTAssertNoStackTrace(invocation)
        }
        let subcommand = try CLI.run(["lst"])
        XCTAssertEqual(subcommand.status, 64)
        XCTAssertTrue(subcommand.stderr.contains("the subcommand `rxleaks list`"), subcommand.stderr)
    }

    func testBadFlagsGetUsage() throws {
        for arguments in [
            ["run", "--repeat", "zero"], ["run", "--repeat", "0"], ["run", "--format", "yaml"], ["--no-such-flag"],
            ["run", "--time-limit", "-1"], ["counts"], ["explain"], ["list", "--format", "junit"],
        ] {
            let invocation = try CLI.run(arguments)
            XCTAssertEqual(invocation.status, 64, "\(arguments): \(invocation.stderr)")
            XCTAssertTrue(
                invocation.stderr.contains("Usage:") || invocation.stderr.contains("Help:"),
                "\(arguments): \(invocation.stderr)")
            XCTAssertNoStackTrace(invocation)
        }
        let unknownVariant = try CLI.run(["run", "--variant", "leakign"])
        if try !CLI.catalogue().isEmpty {
            XCTAssertEqual(unknownVariant.status, 64)
            XCTAssertTrue(
                unknownVariant.stderr.contains("no selected scenario has a variant named 'leakign'"),
                unknownVariant.stderr)
        }
    }

    func testHelpListsThePublicSubcommandsOnly() throws {
        let help = try CLI.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["run", "list", "explain", "counts"] {
            XCTAssertTrue(help.stdout.contains("  \(command) "), help.stdout)
        }
        XCTAssertFalse(help.stdout.contains("_run-variant"))
        XCTAssertFalse(help.stdout.contains("_fault"))
    }

    // MARK: terminals

    /// Runs `rxleaks arguments` under `script`, which gives it a pseudo-terminal for stdout and stderr.
    private func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Invocation {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("no script(1) to make a terminal")
        }
        // The child inherits this process's environment: a NO_COLOR set here is unset in `script`'s shell unless asked for.
        let command =
            (environment["NO_COLOR"] == nil ? "unset NO_COLOR; " : "")
            + ([CLI.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let run = try ChildProcess.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"],
            environment: ["TERM": "xterm"].merging(environment) { $1 }, timeLimit: 300)
        guard case .exited(let status) = run.termination else {
            throw CocoaError(.executableLoad, userInfo: ["termination": "\(run.termination)"])
        }
        return CLI.Invocation(status: status, stdout: run.stdout, stderr: "")
    }

    func testColourAndProgressOnlyOnATerminalAndNeverWithNoColor() throws {
        let id = try firstScenarioID()
        let coloured = try onTerminal(["run", id])
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[1m"), coloured.stdout)
        XCTAssertTrue(
            coloured.stdout.contains("\r\u{1B}[K[1/"), "progress on a terminal: \(coloured.stdout.debugDescription)")

        let plain = try onTerminal(["run", id], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(
            plain.stdout.replacingOccurrences(of: "\r\u{1B}[K", with: "").contains("\u{1B}["),
            plain.stdout.debugDescription)
    }
}

/// Counts XML elements by name.
private final class JUnitCounter: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements[elementName, default: 0] += 1
    }
}
