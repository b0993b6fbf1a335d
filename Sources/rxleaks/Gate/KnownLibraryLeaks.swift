import Foundation

/// Leaks of libraries that rxleaks knows of, so that their users need no
/// configuration for them: the package's resource `known-library-leaks.json`,
/// a configuration file like `.rxleaks.json` whose entries say on which
/// platform and for which package in the graph they apply.
enum KnownLibraryLeaks {
    /// The entries of the resource; none if the file does not read as a configuration, which makes every
    /// leak judged rather than hidden. (SwiftPM's `Bundle.module` stops the process when the resource
    /// bundle is not beside the executable: a copied `rxleaks` needs its `rxleaks_rxleaks.resources` too.)
    static var entries: [GateConfiguration.Matcher] {
        guard let resource else { return [] }
        return (try? GateConfiguration.load(resource).knownLibraryLeaks) ?? []
    }

    /// The resource's file.
    static var resource: URL? { Bundle.module.url(forResource: "known-library-leaks", withExtension: "json") }

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
