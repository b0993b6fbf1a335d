import Foundation

/// Leaks of libraries that rxleaks knows of, so that their users need no
/// configuration for them: docs/known-library-leaks.json, a configuration file
/// like `.rxleaks.json` whose entries say on which platform and for which
/// package in the graph they apply, compiled in (``listText``) so that the
/// executable runs wherever it is copied.
enum KnownLibraryLeaks {
    /// Where messages about the list say it comes from.
    static let source = "rxleaks's list of known library leaks (docs/known-library-leaks.json)"

    /// The list's entries; none if it does not read as a configuration (a test proves it does), which makes
    /// every leak judged rather than hidden.
    static let entries: [GateConfiguration.Matcher] =
        (try? GateConfiguration.decode(Data(listText.utf8), from: source).knownLibraryLeaks) ?? []

    /// The identities of the packages a build's graph resolved, from SwiftPM's
    /// `workspace-state.json` in its build folder; none when it cannot be read.
    static func dependencies(inBuildFolder folder: URL) -> Set<String> {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("workspace-state.json")),
            let state = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let object = state["object"] as? [String: Any],
            let dependencies = object["dependencies"] as? [[String: Any]]
        else { return [] }
        return Set(
            dependencies.compactMap { ($0["packageRef"] as? [String: Any])?["identity"] as? String }.map {
                $0.lowercased()
            })
    }
}
