import Foundation

/// Sends `https://github.com/ReactiveX/RxSwift(.git)` to RxLeaks for one
/// `rxleaks test` run: the `rxleaks switch` packages, with every shim module
/// also linking LeakTesting (whose constructor switches the whole-suite mode
/// on), mirrored in the run's own SwiftPM configuration folder, so no file of
/// the package changes.
enum SuiteSwitch {
    /// `$XDG_CACHE_HOME/rxleaks/test-switch`: beside `rxleaks switch`'s cache,
    /// whose shims do not link LeakTesting.
    static var cache: URL {
        SwitchPackages.defaultCache.deletingLastPathComponent().appendingPathComponent("test-switch")
    }

    /// Writes the run's mirrors into `configuration` (RxLeaks from `checkout`, ``SwitchPackages/checkout(given:)``): the package's own, with
    /// RxSwift's URLs sent to RxLeaks; returns the environment that makes
    /// SwiftPM read them. SwiftPM reads a package's own mirrors file
    /// (`.swiftpm/configuration/mirrors.json`, or the file
    /// `SWIFTPM_MIRROR_CONFIG` names) instead of `--config-path`'s, so the
    /// run points `SWIFTPM_MIRROR_CONFIG` at its own copy, and the package's
    /// file is read, never written. A package that does not ask for RxSwift by
    /// URL (its manifest and pins do not name it) runs without RxSwift's
    /// mirrors if they cannot be prepared.
    static func prepare(package: URL, configuration: URL, checkout: String?) throws(SuiteRun.Failure)
        -> SuiteRun.Setup
    {
        let own = ownMirrors(of: package)
        let entries: [MirrorsFile.Entry]
        do {
            entries = try own.read()
        } catch {
            throw .failed("cannot read the package's mirrors: \(error.description)", hint: nil)
        }
        let runMirrors = MirrorsFile(configurationDirectory: configuration)
        var rxswift: [MirrorsFile.Entry] = []
        var link: LeakTestingLink?
        let asksForRxSwift = asksForRxSwift(package)
        let needsLink = LeakTestingLink.isNeeded(by: package, asksForRxSwift: asksForRxSwift)
        // A package with no RxSwift and no LeakTesting needs RxLeaks as much as one with RxSwift.
        let needsRxLeaks = asksForRxSwift || needsLink
        do {
            let source = try SwitchPackages.checkout(given: checkout)
            do {
                let packages = try SwitchPackages.prepare(
                    source: source, cache: cache, shimAlsoLinking: ["LeakTesting"])
                rxswift = packages.mirrors
                if needsLink {
                    link = LeakTestingLink(rxleaks: packages.rxleaks)
                }
            } catch {
                if needsRxLeaks {
                    throw SuiteRun.Failure.failed(
                        "cannot prepare RxLeaks for the run: \(error.description)",
                        hint: "rxleaks test needs the RxLeaks checkout (\(source.path)) and git.")
                }
            }
        } catch let error as BadInput {
            if needsRxLeaks { throw .badInput(error) }
        } catch let error as SuiteRun.Failure {
            throw error
        } catch {
            throw .failed(String(describing: error), hint: nil)
        }
        let sent = Set(rxswift.map(\.original))
        do {
            try runMirrors.write(entries.filter { !sent.contains($0.original) } + rxswift)
        } catch {
            throw .failed(error.description, hint: nil)
        }
        return SuiteRun.Setup(environment: [mirrorConfigVariable: runMirrors.url.path], link: link)
    }

    /// Whether a pin of the package's `Package.resolved` is one the run
    /// resolves afresh: RxSwift's (sent to RxLeaks for the run, whose shim
    /// has other revisions) or a local RxLeaks copy an earlier switch made.
    static func isSentToRxLeaks(identity: String, location: String) -> Bool {
        let url = location.lowercased()
        if SwitchPackages.rxswiftURLs.contains(where: { $0.lowercased() == url }) { return true }
        return identity == RxLeaksDependency.identity && location.hasPrefix("/")
    }

    /// SwiftPM's variable naming the file it reads instead of a package's own mirrors file.
    static let mirrorConfigVariable = "SWIFTPM_MIRROR_CONFIG"

    /// The mirrors file SwiftPM would read for `package`.
    private static func ownMirrors(of package: URL) -> MirrorsFile {
        if let path = ProcessInfo.processInfo.environment[mirrorConfigVariable], !path.isEmpty {
            return MirrorsFile(file: URL(fileURLWithPath: path))
        }
        return MirrorsFile(packageDirectory: package)
    }

    /// Whether the manifest or `Package.resolved` names RxSwift's repository.
    private static func asksForRxSwift(_ package: URL) -> Bool {
        ["Package.swift", "Package.resolved"].contains { name in
            let text = (try? String(contentsOf: package.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.lowercased().contains("github.com/reactivex/rxswift")
        }
    }
}
