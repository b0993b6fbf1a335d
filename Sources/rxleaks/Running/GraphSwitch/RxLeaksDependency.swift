import ChildProcesses
import Foundation

/// A package's own path dependencies on RxLeaks under an identity other than `rxleaks`. The switch's
/// `RxSwift` package names RxLeaks as `rxleaks`; a root dependency of that identity replaces it (one
/// RxCore in the graph), while one of another identity (a checkout in a folder named `rxleaks-main`)
/// brings a second copy of RxCore's targets, which SwiftPM 6.3 refuses: `multiple similar targets
/// 'LeakTesting', 'RxCore' appear in package 'rxleaks-main' and 'rxleaks'`.
enum RxLeaksDependency {
    /// The identity SwiftPM gives RxLeaks in a folder or URL named `RxLeaks`.
    static let identity = "rxleaks"

    /// `package`'s path dependencies (folder and identity) whose manifest declares the package RxLeaks
    /// under another identity. None when the manifest cannot be read: the build will say why.
    static func misnamed(in package: URL) -> [(path: String, identity: String)] {
        guard let swift = ChildProcess.find("swift"),
            let result = try? ChildProcess.run(
                swift, ["package", "dump-package", "--package-path", package.path], timeLimit: 120),
            result.termination == .exited(0),
            let manifest = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let dependencies = manifest["dependencies"] as? [[String: Any]]
        else { return [] }
        return dependencies.flatMap { ($0["fileSystem"] as? [[String: Any]]) ?? [] }.compactMap { dependency in
            guard let path = dependency["path"] as? String, let named = dependency["identity"] as? String,
                named != identity,
                let text = try? String(contentsOfFile: path + "/Package.swift", encoding: .utf8),
                text.contains("name: \"RxLeaks\"")
            else { return nil }
            return (path, named)
        }
    }
}
