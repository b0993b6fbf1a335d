import ArgumentParser
import Foundation

/// `rxleaks switch`: sends every `https://github.com/ReactiveX/RxSwift(.git)` of a package graph to
/// RxLeaks through a SwiftPM mirror, with no manifest edited; `--undo` takes the mirrors out again.
struct SwitchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract:
            "Run a package's whole graph on RxLeaks: mirror RxSwift's URLs to a package named RxSwift over RxCore.",
        discussion: """
            Prepares RxLeaks and a package named RxSwift (products RxSwift, RxRelay, RxCocoa, RxTest, \
            RxBlocking, each re-exporting RxCore) as git repositories under $XDG_CACHE_HOME/rxleaks/switch \
            (default ~/.cache/rxleaks/switch), then adds to the package's .swiftpm/configuration/mirrors.json \
            a mirror of https://github.com/ReactiveX/RxSwift.git and of https://github.com/ReactiveX/RxSwift \
            to it, keeping every other mirror. No manifest is edited; the next build re-resolves RxSwift \
            (Package.resolved's pin changes). `--undo` removes those two mirrors.
            """)

    @Option(help: ArgumentHelp("The package to switch.", valueName: "DIR"))
    var packagePath = "."

    @Option(
        help: ArgumentHelp(
            "Write the mirrors into DIR/mirrors.json instead of the package's own file; pass the same --config-path to swift build and swift test. SwiftPM reads it only when the package has no mirrors file of its own.",
            valueName: "DIR"))
    var configPath: String?

    @Option(
        help: ArgumentHelp(
            "The RxLeaks checkout to switch to (default: $RXLEAKS_CHECKOUT, else the one this rxleaks was built from).",
            valueName: "DIR"))
    var rxleaks: String?

    @Flag(help: "Remove the mirrors a switch added; other mirrors stay.")
    var undo = false

    func run() throws {
        let package = URL(fileURLWithPath: packagePath).standardizedFileURL
        let file = try exitingOnBadInput { () throws(BadInput) in try mirrorsFile(for: package) }
        do {
            if undo {
                report(try file.switchOff(), in: file, existedBefore: true)
                return
            }
            let source = try exitingOnBadInput { () throws(BadInput) in try SwitchPackages.checkout(given: rxleaks) }
            let existed = file.exists
            let packages = try SwitchPackages.prepare(source: source, cache: SwitchPackages.defaultCache)
            Console.write(
                """
                Prepared for RxLeaks at \(source.path), in \(packages.directory.path):
                  \(packages.rxleaks.lastPathComponent)  git repository tagged \(SwitchPackages.rxleaksVersion)
                  \(packages.rxswift.lastPathComponent)  git repository tagged \(ShimPackage.rxswiftVersion): \
                modules \(ShimPackage.modules.map(\.name).joined(separator: ", ")) re-exporting RxCore (and RxCoreTesting)

                """)
            report(try file.switchOn(packages), in: file, existedBefore: existed)
            for (path, identity) in RxLeaksDependency.misnamed(in: package) {
                Console.writeError(
                    """
                    rxleaks: warning: the package depends on RxLeaks at \(path) under the identity \
                    '\(identity)'; SwiftPM refuses a graph holding it \
                    beside the switch's RxLeaks ('\(RxLeaksDependency.identity)'): use a folder named RxLeaks

                    """)
            }
            Console.write(
                """
                No manifest was edited. The next `swift build` or `swift test`\(configPath.map { " --config-path \($0)" } ?? "") \
                resolves RxSwift to RxLeaks (and rewrites Package.resolved's RxSwift pin).
                Switch back: rxleaks switch --undo\(packagePath == "." ? "" : " --package-path \(packagePath)")\(configPath.map { " --config-path \($0)" } ?? "")

                """)
        } catch let error as SwitchError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }

    private func mirrorsFile(for package: URL) throws(BadInput) -> MirrorsFile {
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw BadInput(
                "\(package.path) is not a Swift package (no Package.swift)",
                hint: "Give the package's folder with --package-path DIR.")
        }
        guard let configPath else { return MirrorsFile(packageDirectory: package) }
        if MirrorsFile(packageDirectory: package).exists {
            Console.writeError(
                "rxleaks: warning: \(package.path) has its own .swiftpm/configuration/mirrors.json; SwiftPM reads that one and ignores --config-path's\n"
            )
        }
        return MirrorsFile(configurationDirectory: URL(fileURLWithPath: configPath).standardizedFileURL)
    }

    private func report(_ changes: [MirrorChange], in file: MirrorsFile, existedBefore: Bool) {
        guard !changes.isEmpty else {
            Console.write("Nothing to undo: \(file.url.path) has no mirror of RxSwift's URLs made by rxleaks switch.\n")
            return
        }
        let how = !existedBefore ? "created" : file.exists ? "changed" : "removed: no mirror left in it"
        var text = "\(file.url.path) (\(how)):\n"
        for change in changes {
            switch (change.before, change.after) {
            case let (nil, after?): text += "  + \(change.original) → \(after)\n"
            case let (before?, after?) where before == after: text += "  = \(change.original) → \(after) (already)\n"
            case let (before?, after?): text += "  ~ \(change.original) → \(after) (was \(before))\n"
            case let (before?, nil): text += "  - \(change.original) (was \(before))\n"
            case (nil, nil): break
            }
        }
        Console.write(text)
    }
}
