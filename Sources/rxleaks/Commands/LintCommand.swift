#if Lint
import ArgumentParser
import Foundation
import LeakLint

/// `rxleaks lint [PATH…]`: finds the guide's leak patterns in Swift sources,
/// by syntax alone, before anything runs.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find the guide's leak patterns in Swift sources (static, syntax only).",
        discussion: """
            Directories are searched recursively for .swift files (hidden and .build directories \
            are skipped). With no path, lints the configuration's paths (default Sources). \
            A finding is silenced by `// rxleaks:ignore PATTERN-ID -- reason` on its line or the \
            line above. Configuration: .rxleaks-lint.json in the current directory, or --config \
            (keys paths, exclude, disabled). See docs/lint.md.

            With --confirm, the arguments are scenario ids (all when none): lint reads the \
            catalogue's sources (--scenarios) and the engine runs each scenario's variants, and \
            the two are printed side by side.

            Exit status: 0 no finding; 1 findings, or a file that does not parse (the rest is \
            linted); 64 bad usage (a path that does not exist, a bad configuration).
            """)

    @Argument(help: ArgumentHelp("Files or directories to lint (scenario ids with --confirm).", valueName: "PATH"))
    var paths: [String] = []

    @Option(help: "Output: compiler (file:line:col: warning: …), json (docs/rxleaks-lint.schema.json) or sarif (SARIF 2.1.0).")
    var format: LintFormatArgument = .compiler

    @Option(help: ArgumentHelp("The configuration file (default: .rxleaks-lint.json here, if present).", valueName: "FILE"))
    var config: String?

    @Flag(help: "Cross-check with the engine: the arguments are scenario ids; print what lint flags and what the engine confirms.")
    var confirm = false

    @Option(help: ArgumentHelp("Where the catalogue's sources are, for --confirm.", valueName: "DIR"))
    var scenarios = "Scenarios"

    /// `compiler`, `json` or `sarif`.
    struct LintFormatArgument: ExpressibleByArgument {
        let format: LintFormat
        static let compiler = LintFormatArgument(format: .compiler)

        init(format: LintFormat) { self.format = format }

        init?(argument: String) {
            guard let format = LintFormat(rawValue: argument) else { return nil }
            self.format = format
        }

        static var allValueStrings: [String] { LintFormat.allCases.map(\.rawValue) }
    }

    func run() throws {
        if confirm {
            try LintConfirmation(scenarioPatterns: paths, scenariosDirectory: scenarios).run()
            return
        }
        let result = try exitingOnBadInput { () throws(BadInput) in
            try lint()
        }
        Console.write(LintReport.render(result, as: format.format))
        if !result.findings.isEmpty || !result.unparsableFiles.isEmpty { throw ExitCode.failure }
    }

    private func lint() throws(BadInput) -> LintResult {
        do {
            let configurationPath = config ?? (FileManager.default.fileExists(atPath: LintConfiguration.fileName) ? LintConfiguration.fileName : nil)
            let configuration = try LintConfiguration.load(from: configurationPath)
            return try Linter(configuration: configuration)
                .lint(paths: paths.isEmpty ? configuration.paths : paths, excluding: configuration.exclude)
        } catch {
            throw BadInput(error.description, hint: "`rxleaks lint --help` describes the paths and the configuration file")
        }
    }
}
#endif
