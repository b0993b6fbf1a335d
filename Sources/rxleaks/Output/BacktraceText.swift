import Foundation
import Probes

/// Symbolicated backtraces as the CLI prints them: the user's frames, not
/// RxLeaks' own machinery.
enum BacktraceText {
    /// The most frames printed for one site.
    static let frameLimit = 8

    /// Paths of RxLeaks' own code, left out of printed backtraces.
    private static let machinery = ["/Sources/RxCore/", "/Sources/Leaks/", "/Sources/Probes/", "/Sources/rxleaks/", "/Scenarios/Catalogue/"]

    /// `function at file:line` for the frames of `addresses` that are worth reading.
    static func frames(_ addresses: [UInt]) -> [String] {
        let frames = Backtrace.symbolicate(addresses)
        let located = frames.filter { frame in
            guard let file = frame.file, !file.contains("<compiler-generated>") else { return false }
            return !machinery.contains { file.contains($0) }
        }
        let directory = FileManager.default.currentDirectoryPath + "/"
        return (located.isEmpty ? frames : located).prefix(frameLimit).map { frame in
            frame.description.replacingOccurrences(of: " at " + directory, with: " at ")
        }
    }
}
