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

            With --fix, the findings a rule can fix by syntax alone are fixed in place (each file \
            written in one step): [weak self] and a guard in a subscription's closure; in a closure \
            that returns a value, a copy of each let property it reads through self ([step = self.step]) \
            when that is all it uses self for, else [unowned self] when the object's own bag disposes \
            the subscription; a \
            thrown-away Disposable into the class's own bag. Every other finding is listed with why it \
            was left. No test proves these fixes; --dry-run prints them as a unified diff and writes \
            nothing. Exit status with --fix: 0 when no finding is left, 1 otherwise.

            With --confirm, the arguments are scenario ids (all when none): lint reads the \
            catalogue's sources (--scenarios) and the engine runs each scenario's variants, and \
            the two are printed side by side.

            Exit status: 0 no finding; 1 findings, or a file that does not parse (the rest is \
            linted); 64 bad usage (a path that does not exist, a bad configuration).
            """)

    @Argument(help: ArgumentHelp("Files or directories to lint (scenario ids with --confirm).", valueName: "PATH"))
    var paths: [String] = []

    @Option(
        help:
            "Output: compiler (file:line:col: warning: …), json (docs/rxleaks-lint.schema.json) or sarif (SARIF 2.1.0)."
    )
    var format: LintFormatArgument = .compiler

    @Option(
        help: ArgumentHelp("The configuration file (default: .rxleaks-lint.json here, if present).", valueName: "FILE"))
    var config: String?

    @Flag(
        help:
            "Cross-check with the engine: the arguments are scenario ids; print what lint flags and what the engine confirms."
    )
    var confirm = false

    @Option(help: ArgumentHelp("Where the catalogue's sources are, for --confirm.", valueName: "DIR"))
    var scenarios = "Scenarios"

    @Flag(help: "Fix in place the findings a rule can fix by syntax alone (not verified by a test).")
    var fix = false

    @Flag(help: "With --fix: print the fixes as a unified diff and write nothing.")
    var dryRun = false

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

    func validate() throws {
        if dryRun && !fix { throw ValidationError("--dry-run goes with --fix") }
        if fix && confirm { throw ValidationError("--fix and --confirm cannot be used together") }
    }

    func run() throws {
        if confirm {
            try LintConfirmation(scenarioPatterns: paths, scenariosDirectory: scenarios).run()
            return
        }
        if fix {
            let fixes = try exitingOnBadInput { () throws(BadInput) in
                try withLinter { linter, paths, excluded throws(LintError) in
                    try linter.fix(paths: paths, excluding: excluded)
                }
            }
            try LintFixing(fixes: fixes, dryRun: dryRun).run()
            return
        }
        let result = try exitingOnBadInput { () throws(BadInput) in
            try withLinter { linter, paths, excluded throws(LintError) in
                try linter.lint(paths: paths, excluding: excluded)
            }
        }
        Console.write(LintReport.render(result, as: format.format))
        if !result.findings.isEmpty || !result.unparsableFiles.isEmpty { throw ExitCode.failure }
    }

    /// `body` with the linter the configuration asks for, and the paths and exclusions to give it.
    private func withLinter<Result>(
        _ body: (Linter, [String], [String]) throws(LintError) -> Result
    ) throws(BadInput) -> Result {
        do {
            let configurationPath =
                config
                ?? (FileManager.default.fileExists(atPath: LintConfiguration.fileName)
                    ? LintConfiguration.fileName : nil)
            let configuration = try LintConfiguration.load(from: configurationPath)
            return try body(
                Linter(configuration: configuration), paths.isEmpty ? configuration.paths : paths, configuration.exclude
            )
        } catch {
            throw BadInput(
                error.description, hint: "`rxleaks lint --help` describes the paths and the configuration file")
        }
    }
}
#endif
