import Foundation

/// Symbolicated backtraces as the text output prints them: the scenario's
/// frames, not RxLeaks' own machinery, paths relative to the current directory.
enum BacktraceText {
    /// The most frames printed for one site.
    static let frameLimit = 8

    /// Where RxLeaks' own code and the build's dependencies live.
    private static let machinery = [
        "/Sources/RxCore/", "/Sources/Leaks/", "/Sources/Probes/", "/Sources/rxleaks/", "/Scenarios/Catalogue/",
        "/.build/",
        "<compiler-generated>",
    ]

    /// The frames (`function at file:line`) worth reading; all of them, up to
    /// the limit, when none has a source location outside the machinery.
    static func readable(_ frames: [String]) -> [String] {
        let located = frames.filter { frame in
            frame.contains(" at ") && !machinery.contains { frame.contains($0) }
        }
        let directory = " at " + FileManager.default.currentDirectoryPath + "/"
        return (located.isEmpty ? frames : located).prefix(frameLimit).map {
            $0.replacingOccurrences(of: directory, with: " at ")
        }
    }
}
