import Foundation

/// How `rxleaks test` judges a package that neither links LeakTesting nor asks for RxSwift by URL, with
/// no change to it: the manifests of its stand-in (``PackageShadow``) are copies, not links, with a few
/// lines after the package's own code that add RxLeaks (the switch's tagged copy) to the dependencies
/// and its `LeakEngine` product (the engine and LeakTesting, without RxCore) to every test target. LeakTesting's load-time constructor starts the whole-suite
/// mode; nothing imports it. A manifest is Swift code that SwiftPM runs to build a `Package` value, so
/// the lines change that value after it is made, whatever the manifest's own layout, as long as it is
/// kept in a top-level `let package` or `var package` (as `swift package init` writes it).
struct LeakTestingLink {
    /// The RxLeaks package the test targets link (``SwitchPackages/rxleaks``).
    let rxleaks: URL

    /// The manifest files SwiftPM may read in `package`: `Package.swift` and its
    /// `Package@swift-X.swift` variants.
    static func manifests(in package: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []
        return names.filter(isManifest).sorted()
    }

    static func isManifest(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// Whether `package` needs the link: none of its manifests names a product with LeakTesting, and
    /// `asksForRxSwift` (RxSwift by URL: the switch's shim links LeakTesting) is false.
    static func isNeeded(by package: URL, asksForRxSwift: Bool) -> Bool {
        guard !asksForRxSwift else { return false }
        return !manifests(in: package).contains { name in
            let text = (try? String(contentsOf: package.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.contains("\"LeakTesting\"") || text.contains("\"LeakEngine\"")
        }
    }

    /// `manifest` (the text of the file `name`) with the lines that link LeakTesting after it.
    func linked(_ manifest: String, name: String) throws(SwitchError) -> String {
        guard manifest.firstMatch(of: #/(?m)^\s*(public\s+)?(let|var)\s+package\s*(:\s*Package\s*)?=/#) != nil
        else {
            throw SwitchError(
                "cannot link LeakTesting into the tests: \(name) keeps its Package in no top-level `let package`, "
                    + "so rxleaks test cannot add to it (add LeakTesting to the test targets, or name the value `package`)"
            )
        }
        let path = rxleaks.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return manifest + (manifest.hasSuffix("\n") ? "" : "\n") + """

            // Added by `rxleaks test` to its stand-in of this package (the package's own manifest is unchanged):
            // every test target links LeakTesting, whose load-time constructor starts the whole-suite mode.
            package.dependencies.append(.package(path: "\(path)"))
            for target in package.targets where target.type == .test {
                target.dependencies.append(.product(name: "LeakEngine", package: "RxLeaks"))
            }

            """
    }
}
