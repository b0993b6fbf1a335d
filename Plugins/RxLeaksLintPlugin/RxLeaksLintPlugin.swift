import Foundation
import PackagePlugin

/// `swift package rxleaks-lint [--target NAME…] [LINT OPTIONS…]`: runs
/// `rxleaks lint` over the package's source targets (all but the test
/// targets, unless `--target` names them).
@main
struct RxLeaksLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets =
            names.isEmpty
            ? context.package.sourceModules.filter { $0.kind != .test }
            : try context.package.targets(named: names).compactMap { $0 as? SourceModuleTarget }
        let directories = targets.map(\.directoryURL.path)
        guard !directories.isEmpty else {
            Diagnostics.warning("rxleaks-lint: no source target to lint")
            return
        }
        let lint = Process()
        lint.executableURL = try context.tool(named: "rxleaks").url
        lint.arguments = ["lint"] + extractor.remainingArguments + directories
        lint.currentDirectoryURL = context.package.directoryURL
        try lint.run()
        lint.waitUntilExit()
        switch lint.terminationStatus {
        case 0: return
        case 1: throw LintFailure("rxleaks lint found leak patterns (see the warnings above)")
        default: throw LintFailure("rxleaks lint could not run (exit status \(lint.terminationStatus))")
        }
    }
}

/// Why the plugin failed, as SwiftPM prints it.
struct LintFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
