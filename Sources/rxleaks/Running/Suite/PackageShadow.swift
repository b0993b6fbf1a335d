import Foundation

/// A stand-in for a package in the run's scratch folder, which SwiftPM builds
/// instead of the package itself, so that nothing SwiftPM writes
/// (`Package.resolved`, `.swiftpm`) lands in the user's checkout, whatever
/// happens to the run. Its folder holds a symbolic link to each entry of the
/// package (the manifest, the sources, the tests …) but `Package.resolved`, of
/// which it holds a copy, and `.swiftpm` and `.build`. It sits at
/// `ROOT/<the package's absolute path>`, so that the manifest's relative paths
/// resolve: each `"../…"` path the manifest names gets a link at the same
/// place relative to the shadow (`../Sibling` → the package's sibling).
/// A package that links neither LeakTesting nor RxSwift gets copies of its
/// manifests instead, with the lines ``LeakTestingLink`` adds.
struct PackageShadow {
    /// The user's package.
    let package: URL
    /// The folder holding the shadow's path.
    let root: URL

    /// The folder SwiftPM is given as `--package-path`.
    var directory: URL { URL(fileURLWithPath: root.path + package.path) }

    /// What is left out or copied instead of linked.
    private static let notLinked: Set<String> = ["Package.resolved", ".swiftpm", ".build"]

    /// Makes (or brings up to date) the shadow. `dropPins` names the pins of
    /// the package's `Package.resolved` the copy leaves out (RxSwift's, sent to
    /// RxLeaks for the run, and pins of an earlier switch's RxLeaks), so that
    /// SwiftPM resolves them afresh instead of failing on a stale revision.
    /// With `link`, the manifests are copies that link LeakTesting into every test target.
    func make(
        droppingPins dropPins: (_ identity: String, _ location: String) -> Bool, linking link: LeakTestingLink? = nil
    ) throws(SwitchError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            // Links and copies of an earlier run go (an entry may be gone); real folders SwiftPM made stay.
            for name in try manager.contentsOfDirectory(atPath: directory.path) {
                let entry = directory.appendingPathComponent(name)
                if Self.isLink(entry) || name == "Package.resolved" || LeakTestingLink.isManifest(name) {
                    try Self.removeLink(entry)
                }
            }
            for name in try manager.contentsOfDirectory(atPath: package.path) where !Self.notLinked.contains(name) {
                if let link, LeakTestingLink.isManifest(name) {
                    let manifest = try String(contentsOf: package.appendingPathComponent(name), encoding: .utf8)
                    try Data(try link.linked(manifest, name: name).utf8).write(
                        to: directory.appendingPathComponent(name))
                    continue
                }
                try Self.link(directory.appendingPathComponent(name), to: package.appendingPathComponent(name))
            }
            for relative in try relativePathsOutside() {
                try Self.link(
                    URL(fileURLWithPath: directory.path + "/" + relative),
                    to: URL(fileURLWithPath: package.path + "/" + relative))
            }
            let resolved = package.appendingPathComponent("Package.resolved")
            if let data = try? Data(contentsOf: resolved) {
                try Self.droppingPins(of: data, where: dropPins).write(
                    to: directory.appendingPathComponent("Package.resolved"))
            }
        } catch let error as SwitchError {
            throw error
        } catch {
            throw SwitchError("cannot make the package's stand-in in \(root.path): \(error.localizedDescription)")
        }
    }

    /// `text` with the shadow's paths turned into the package's (as written, and JSON-escaped).
    func packagePaths(in text: String) -> String {
        let escaped = { (path: String) in path.replacingOccurrences(of: "/", with: "\\/") }
        return text.replacingOccurrences(of: directory.path, with: package.path)
            .replacingOccurrences(of: escaped(directory.path), with: escaped(package.path))
    }

    /// The manifest's string literals that lead out of the package (`"../Sibling"`,
    /// `"../../libs/Kit/Sources"`), each cut after its first named component (`../Sibling`, `../../libs`).
    private func relativePathsOutside() throws -> [String] {
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        var found: Set<String> = []
        for literal in manifest.split(separator: "\"").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            let components = literal.split(separator: "/", omittingEmptySubsequences: true)
            let ups = components.prefix { $0 == ".." }.count
            guard ups > 0, ups < components.count, ups < package.pathComponents.count else { continue }
            let outside = components.prefix(ups + 1).joined(separator: "/")
            // A path that comes back into the package itself is linked already.
            let target = URL(fileURLWithPath: package.path + "/" + outside).standardizedFileURL.path
            if target != package.path { found.insert(outside) }
        }
        return found.sorted()
    }

    /// Replaces whatever link is at `link` with one to `target`.
    private static func link(_ link: URL, to target: URL) throws {
        if isLink(link) { try removeLink(link) }
        guard !FileManager.default.fileExists(atPath: link.path) else { return }
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.standardizedFileURL)
    }

    /// Removes a link or a file; never what a link leads to.
    private static func removeLink(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw SwitchError("cannot remove \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    private static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    /// `Package.resolved` (format 2 or 3: `pins` at the top) without the pins `drop` names; as it was
    /// when it is not a format this reads.
    static func droppingPins(of data: Data, where drop: (_ identity: String, _ location: String) -> Bool) -> Data {
        guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let pins = object["pins"] as? [[String: Any]]
        else { return data }
        let kept = pins.filter { pin in
            !drop((pin["identity"] as? String) ?? "", (pin["location"] as? String) ?? "")
        }
        guard kept.count < pins.count else { return data }
        object["pins"] = kept
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? data
    }
}
