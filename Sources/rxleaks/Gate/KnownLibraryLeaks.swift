import Foundation

/// Leaks a library causes on this platform that rxleaks knows of: `rxleaks
/// test` adds them to the package's known library leaks when the package's
/// graph holds the library, so its users need no configuration for them.
enum KnownLibraryLeaks {
    /// The entries for a graph holding the packages `dependencies` (SwiftPM's identities, lowercased).
    static func entries(forDependencies dependencies: Set<String>) -> [GateConfiguration.Matcher] {
        byPackage.filter { dependencies.contains($0.package) }.flatMap(\.entries)
    }

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

    private static var byPackage: [(package: String, entries: [GateConfiguration.Matcher])] {
        #if canImport(ObjectiveC)
        []
        #else
        // WeakMapTable removes an entry when its key is freed through an
        // Objective-C associated object's deinit; without the Objective-C
        // runtime nothing removes it. ReactorKit keeps each reactor's action
        // subject, state stream and the bag that holds its subscriptions in
        // such tables: they outlive the reactor, as on RxSwift.
        let reason =
            "ReactorKit on Linux: WeakMapTable frees entries from an Objective-C dealloc hook, which Linux does not run"
        let link = "https://github.com/ReactorKit/WeakMapTable"
        return [
            (
                "weakmaptable",
                [
                    GateConfiguration.Matcher(type: "ActionSubject<*>", reason: reason, link: link),
                    GateConfiguration.Matcher(
                        type: LeakSignature.leftWork, edgeContains: "ActionSubject<", reason: reason, link: link),
                ]
            )
        ]
        #endif
    }
}
