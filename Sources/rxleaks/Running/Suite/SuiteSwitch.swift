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

    /// Writes the mirrors into `configuration`. A package that does not ask
    /// for RxSwift by URL (its manifest and pins do not name it) runs without
    /// them if they cannot be prepared.
    static func prepare(package: URL, configuration: URL) throws(SuiteRun.Failure) {
        let ownMirrors = MirrorsFile(packageDirectory: package)
        if ownMirrors.exists {
            Console.writeError("rxleaks: warning: \(ownMirrors.url.path) exists; SwiftPM reads it and not the run's mirrors of RxSwift\n")
        }
        do {
            let packages = try SwitchPackages.prepare(source: SwitchPackages.builtFrom, cache: cache, shimAlsoLinking: ["LeakTesting"])
            try MirrorsFile(configurationDirectory: configuration).write(packages.mirrors)
        } catch {
            guard asksForRxSwift(package) else { return }
            throw .failed("cannot send RxSwift's URL to RxLeaks: \(error.description)",
                          hint: "rxleaks test needs the RxLeaks checkout it was built from (\(SwitchPackages.builtFrom.path)) and git.")
        }
    }

    /// Whether the manifest or `Package.resolved` names RxSwift's repository.
    private static func asksForRxSwift(_ package: URL) -> Bool {
        ["Package.swift", "Package.resolved"].contains { name in
            let text = (try? String(contentsOf: package.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.lowercased().contains("github.com/reactivex/rxswift")
        }
    }
}
