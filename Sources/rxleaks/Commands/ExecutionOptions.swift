import ArgumentParser
import Leaks
import Scenarios

/// How variants run: which ones, how often, in which process, for how long.
struct ExecutionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Which variants: leaking, fixed, control (by role), clean (every variant expected to come out clean), all, or a variant's name (default: all; leaking for explain).",
            valueName: "leaking|fixed|control|clean|all|NAME"))
    var variant: VariantFilter?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run each variant's body this many times inside one leak check.", valueName: "N"))
    var repetitions = 1

    @Flag(help: "Run each variant in its own child process (variants expected to crash always are).")
    var isolate = false

    @Option(
        help: ArgumentHelp(
            "Kill an isolated variant still running after this long, and report it as timed out.",
            valueName: "SECONDS"))
    var timeLimit: Double = 10

    #if DEBUG
    @Flag(
        help: ArgumentHelp(
            "Select from the deliberately faulty fixtures (throw, never settle, flood, crash) instead of the catalogue.",
            visibility: .hidden))
    var faultFixtures = false
    #else
    /// The faulty fixtures are for the CLI's own tests, which run a debug build.
    let faultFixtures = false
    #endif

    @Flag(help: "Capture backtraces (libunwind) where objects are tracked and subscriptions made, and print them.")
    var backtraces = false

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1.") }
        guard timeLimit > 0, timeLimit.isFinite else {
            throw ValidationError("--time-limit must be a positive number of seconds.")
        }
    }

    /// Switches backtrace capture on in this process when asked.
    func enableBacktraces() {
        if backtraces { Backtraces.isEnabled = true }
    }

    /// Resolves `patterns` and `--variant` (or `defaultFilter`) against the catalogue.
    func select(_ patterns: [String], defaultFilter: VariantFilter = .all) throws -> Selection {
        try exitingOnBadInput { () throws(BadInput) in
            try Selection.resolve(
                patterns, variants: variant ?? defaultFilter,
                in: faultFixtures ? FaultFixtures.all : Catalogue.all)
        }
    }

    /// The jobs for `selection`, isolated where asked or where a crash is expected.
    func jobs(for selection: Selection, withKindCounts: Bool = false) -> [VariantJob] {
        selection.pairs.map { scenario, variant in
            VariantJob(
                scenario: scenario, variant: variant, repetitions: repetitions,
                backtraces: backtraces, kindCounts: withKindCounts, forceIsolation: isolate)
        }
    }
}

/// Which variants of the selected scenarios to run.
enum VariantFilter: ExpressibleByArgument, Equatable {
    /// Every variant.
    case all
    /// The variants with this role.
    case role(Variant.Role)
    /// The variants expected to come out clean (the fixed and control ones):
    /// the run that must leave nothing behind, for checking the harness
    /// itself under a leak checker.
    case clean
    /// The variants with this name.
    case named(String)

    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if argument == "clean" {
            self = .clean
        } else if let role = Variant.Role(rawValue: argument) {
            self = .role(role)
        } else {
            self = .named(argument)
        }
    }

    func accepts(_ variant: Variant) -> Bool {
        switch self {
        case .all: true
        case .role(let role): variant.role == role
        case .clean: variant.expectation == .clean
        case .named(let name): variant.name == name
        }
    }
}

/// `text`, `json` or `junit`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit
}
