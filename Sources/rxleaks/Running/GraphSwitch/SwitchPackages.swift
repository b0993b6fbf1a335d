import ChildProcesses
import Foundation

/// RxLeaks and the `RxSwift` shim (``ShimPackage``) as git repositories in a cache folder: the packages
/// a SwiftPM mirror of RxSwift's URLs must lead to. What SwiftPM 6.3 requires, found by trying: the mirror
/// is a git repository with a tag in its dependers' `6.x` range, in a folder named `RxSwift` (SwiftPM
/// takes the identity from the last path component, so by-name dependencies `"RxSwift"` resolve), and it
/// reaches RxLeaks by version (a package reached by version may not depend on a path), so RxLeaks is
/// copied into a repository of its own, tagged ``rxleaksVersion``, in a folder named `RxLeaks` (identity
/// `rxleaks`: a package that depends on RxLeaks itself under that identity overrides the copy).
///
/// Use: ``prepare(source:cache:)``, then put ``mirrors`` into a mirrors file (``MirrorsFile``):
/// `rxleaks switch` writes the package's own `.swiftpm/configuration/mirrors.json`; a caller that must
/// leave a checkout untouched writes them into a scratch folder and passes `--config-path` to SwiftPM
/// (which reads it only when the package has no mirrors file of its own).
struct SwitchPackages {
    /// RxSwift's URL in both spellings packages use.
    static let rxswiftURLs = ["https://github.com/ReactiveX/RxSwift.git", "https://github.com/ReactiveX/RxSwift"]
    /// The tag of the RxLeaks copy, which the shim requires exactly.
    static let rxleaksVersion = "1.0.0"

    /// The cache folder of one RxLeaks tree: `RxLeaks` and `RxSwift` in it.
    let directory: URL

    /// The RxLeaks repository.
    var rxleaks: URL { directory.appendingPathComponent("RxLeaks") }
    /// The shim repository: the mirror of RxSwift's URLs.
    var rxswift: URL { directory.appendingPathComponent("RxSwift") }
    /// RxSwift's URLs, each sent to ``rxswift``.
    var mirrors: [MirrorsFile.Entry] {
        Self.rxswiftURLs.map { MirrorsFile.Entry(original: $0, mirror: rxswift.path) }
    }

    /// `$XDG_CACHE_HOME/rxleaks/switch`, or `~/.cache/rxleaks/switch`: outside any package's checkout.
    static var defaultCache: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("rxleaks/switch")
    }

    /// The checkout this executable was built from (its sources were there then).
    private static let builtFrom = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The environment variable naming the RxLeaks checkout, for a binary used outside its own.
    static let checkoutVariable = "RXLEAKS_CHECKOUT"

    /// The RxLeaks checkout to switch to: `given` (`--rxleaks DIR`), else ``checkoutVariable``'s, else the
    /// checkout this executable was built from. Bad input when that folder is not an RxLeaks checkout
    /// (a binary copied out of its checkout, a checkout moved or removed).
    static func checkout(given: String?) throws(BadInput) -> URL {
        let variable = ProcessInfo.processInfo.environment[checkoutVariable].flatMap { $0.isEmpty ? nil : $0 }
        let source = (given ?? variable).map { URL(fileURLWithPath: $0).standardizedFileURL } ?? builtFrom
        let manifest = (try? String(contentsOf: source.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        guard manifest.contains("name: \"RxLeaks\"") else {
            let origin =
                given != nil
                ? "--rxleaks" : variable != nil ? checkoutVariable : "the checkout this rxleaks was built from"
            throw BadInput(
                "\(source.path) (\(origin)) is not an RxLeaks checkout: no Package.swift naming the package RxLeaks",
                hint: "Give one with --rxleaks DIR or the environment variable \(checkoutVariable)=DIR.")
        }
        return source
    }

    /// Whether `path` names a shim this type made (in any cache folder): `…/rxleaks/switch/KEY/RxSwift`.
    static func isShim(_ path: String) -> Bool {
        let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        return components.count >= 4 && components.suffix(4).first == "rxleaks"
            && components.suffix(3).first == "switch" && components.last == "RxSwift"
    }

    /// Prepares (or finds already prepared) the repositories for the RxLeaks working tree at `source`
    /// (a git checkout: its tracked and untracked files, not the ignored ones), in `cache/KEY`, where
    /// KEY names that tree's content: a changed file makes a new pair, an unchanged tree reuses its
    /// pair, and one tree always gives the same commits (fixed author and dates), so pins stay valid.
    /// Safe to call from several processes at once: each builds aside and moves its result in place.
    /// `shimAlsoLinking`: RxLeaks products every shim module links too (``ShimPackage/files(rxleaksURL:version:alsoLinking:)``);
    /// give such shims a cache of their own, since the key names RxLeaks' tree only.
    static func prepare(source: URL, cache: URL, shimAlsoLinking: [String] = []) throws(SwitchError) -> SwitchPackages {
        let git = try Git.locate()
        let scratch = cache.appendingPathComponent(".partial-\(UUID().uuidString)")
        try makeDirectory(scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let tree = try workingTree(of: source, git: git, scratch: scratch)
        let prepared = SwitchPackages(directory: cache.appendingPathComponent(String(tree.prefix(16))))
        if FileManager.default.fileExists(atPath: prepared.directory.path) { return prepared }

        let staging = SwitchPackages(directory: scratch.appendingPathComponent("packages"))
        try makeDirectory(staging.rxleaks)
        let archive = scratch.appendingPathComponent("rxleaks.tar")
        try git.run(["archive", "--format=tar", "-o", archive.path, tree], in: source)
        try extract(archive, into: staging.rxleaks)
        try git.commitAll(staging.rxleaks, tag: rxleaksVersion)

        for (path, text) in ShimPackage.files(
            rxleaksURL: prepared.rxleaks.path, version: rxleaksVersion, alsoLinking: shimAlsoLinking)
        {
            let file = staging.rxswift.appendingPathComponent(path)
            try makeDirectory(file.deletingLastPathComponent())
            do { try Data(text.utf8).write(to: file) } catch {
                throw SwitchError("cannot write \(file.path): \(error.localizedDescription)")
            }
        }
        try git.commitAll(staging.rxswift, tag: ShimPackage.rxswiftVersion)

        do {
            try FileManager.default.moveItem(at: staging.directory, to: prepared.directory)
        } catch {
            // Another process prepared the same tree meanwhile: its copy is as good as ours.
            guard FileManager.default.fileExists(atPath: prepared.directory.path) else {
                throw SwitchError(
                    "cannot move the prepared packages to \(prepared.directory.path): \(error.localizedDescription)")
            }
        }
        return prepared
    }

    /// The id of the tree holding `source`'s tracked and untracked files, written through a scratch
    /// index so that the checkout's own index is left as it was.
    private static func workingTree(of source: URL, git: Git, scratch: URL) throws(SwitchError) -> String {
        let top = try git.run(["rev-parse", "--show-toplevel"], in: source)
        guard
            URL(fileURLWithPath: top).standardizedFileURL.resolvingSymlinksInPath().path
                == source.standardizedFileURL.resolvingSymlinksInPath().path
        else {
            throw SwitchError(
                "\(source.path) is not the root of a git checkout of RxLeaks (its repository's root is \(top))")
        }
        let index = ["GIT_INDEX_FILE": scratch.appendingPathComponent("index").path]
        try git.run(["add", "-A"], in: source, environment: index)
        return try git.run(["write-tree"], in: source, environment: index)
    }

    private static func extract(_ archive: URL, into directory: URL) throws(SwitchError) {
        guard let tar = ChildProcess.find("tar") else { throw SwitchError("tar is not on PATH") }
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(tar, ["-xf", archive.path, "-C", directory.path], timeLimit: 600)
        } catch {
            throw SwitchError("cannot run tar: \(error.description)")
        }
        guard result.termination == .exited(0) else { throw SwitchError("tar failed: \(result.stderr)") }
    }

    private static func makeDirectory(_ url: URL) throws(SwitchError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw SwitchError("cannot create \(url.path): \(error.localizedDescription)")
        }
    }
}
