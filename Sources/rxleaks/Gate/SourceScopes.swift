import Foundation
#if Lint
import LeakLint
#endif

/// The declaration around a `File.swift:12` site in a package's own Swift
/// files, as the lint names it (`SearchViewModel.bind()`), for leak
/// signatures that survive line shifts. A file name found twice in the
/// package, or a build without the `Lint` trait (no parser), gives no scope.
final class SourceScopes {
    private let package: URL
    private let files: SourceFiles
    #if Lint
    private var parsed: [String: LintedFile] = [:]
    #endif

    init(package: URL) {
        self.package = package
        files = SourceFiles(package: package)
    }

    /// The scope of the code that starts on the site's line, or nil.
    func scope(of site: String) -> String? {
        let parts = site.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[1]), let path = files.onlyPath(ofFileNamed: String(parts[0]))
        else {
            return nil
        }
        #if Lint
        if parsed[path] == nil {
            guard let data = FileManager.default.contents(atPath: package.appendingPathComponent(path).path) else {
                return nil
            }
            parsed[path] = LintedFile(path: path, source: String(decoding: data, as: UTF8.self))
        }
        return parsed[path]?.scope(ofLine: line)
        #else
        return nil
        #endif
    }
}
