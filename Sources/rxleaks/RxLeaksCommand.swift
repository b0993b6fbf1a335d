import ArgumentParser

/// `rxleaks`: runs RxLeaks' scenario catalogue, prints resource counts and
/// verdicts, and explains the leaks it finds.
@main
struct RxLeaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rxleaks",
        abstract: "Run the RxLeaks scenario catalogue: resource counts, leak verdicts and their causes.",
        discussion: """
            With no subcommand, runs the whole catalogue (the same as `rxleaks run`).

            Exit status: 0 when every outcome matched its scenario's expectation; 1 when one \
            did not, or a command could not do its work; 64 for bad input (an unknown id, a bad option).
            """,
        subcommands: subcommands,
        defaultSubcommand: RunCommand.self)
}

/// `lint` needs swift-syntax: without the package's `Lint` trait it is left out. `_fault`, which
/// misbehaves on purpose for the isolation runner's tests, exists in debug builds only.
private let subcommands: [ParsableCommand.Type] = {
    var commands: [ParsableCommand.Type] = [
        RunCommand.self, ListCommand.self, ExplainCommand.self, CountsCommand.self,
        SoakCommand.self, SwitchCommand.self, TestCommand.self, RunVariantCommand.self,
    ]
    #if DEBUG
    commands.append(FaultCommand.self)
    #endif
    #if Lint
    commands.append(LintCommand.self)
    commands.append(FixCommand.self)
    #endif
    return commands
}()
