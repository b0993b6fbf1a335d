/// The package named `RxSwift` that the switch sends RxSwift's URLs to: RxSwift's products and module
/// names (`RxSwift`, `RxRelay`, `RxCocoa`, `RxTest`, `RxBlocking`), each module re-exporting RxCore
/// (and RxCoreTesting for the test modules), so `import RxSwift` in any package of the graph means RxLeaks
/// without a manifest edit. RxLeaks' own package cannot declare these targets (docs/rxswift-conformance.md:
/// SwiftPM refuses two targets of one name in a graph), so this is a package of its own.
enum ShimPackage {
    /// The RxSwift release RxCore follows: the tag the shim carries, inside every depender's `6.x` range.
    static let rxswiftVersion = "6.10.2"

    /// The modules, each with the RxLeaks modules it re-exports.
    static let modules: [(name: String, reexports: [String])] = [
        ("RxSwift", ["RxCore"]), ("RxRelay", ["RxCore"]), ("RxCocoa", ["RxCore"]),
        ("RxTest", ["RxCore", "RxCoreTesting"]), ("RxBlocking", ["RxCore", "RxCoreTesting"]),
    ]

    /// The files of the package, by path inside it, for RxLeaks at `rxleaksURL` tagged `version`.
    /// The dependency is by version: SwiftPM reaches the shim through a version (its 6.10.2 tag), and a
    /// package reached that way may not depend on a path. Each module also links the RxLeaks products
    /// `alsoLinking` names, without re-exporting them (`rxleaks test`: LeakTesting, whose load-time
    /// constructor switches the whole-suite mode on).
    static func files(rxleaksURL: String, version: String, alsoLinking: [String] = []) -> [String: String] {
        var files = ["Package.swift": manifest(rxleaksURL: rxleaksURL, version: version, alsoLinking: alsoLinking)]
        for module in modules {
            files["Sources/\(module.name)/\(module.name).swift"] =
                "// RxSwift's module \(module.name), made by `rxleaks switch`: RxLeaks under RxSwift's name.\n"
                + module.reexports.map { "@_exported import \($0)\n" }.joined()
        }
        return files
    }

    private static func manifest(rxleaksURL: String, version: String, alsoLinking: [String]) -> String {
        let targets = modules.map { module in
            let dependencies = (module.reexports + alsoLinking).map {
                ".product(name: \"\($0)\", package: \"RxLeaks\")"
            }
            return
                "        .target(name: \"\(module.name)\", dependencies: [\(dependencies.joined(separator: ", "))]),\n"
        }.joined()
        return """
            // swift-tools-version:5.9
            // Made by `rxleaks switch`: RxSwift's package, products and module names over RxLeaks.
            import PackageDescription

            let package = Package(
                name: "RxSwift",
                products: [\(modules.map { ".library(name: \"\($0.name)\", targets: [\"\($0.name)\"])" }.joined(separator: ", "))],
                dependencies: [.package(url: "\(rxleaksURL)", exact: "\(version)")],
                targets: [
            \(targets)    ]
            )

            """
    }
}
