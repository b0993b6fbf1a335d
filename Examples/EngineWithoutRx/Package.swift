// swift-tools-version:6.1
import PackageDescription
import Foundation

// The leak engine used from code that is not Rx, in a package of its own: on
// Linux `swift test` links every test target of a package into one binary, so
// only a separate package proves the engine works without RxCore linked.

// The root package's identity is its directory name, which differs between
// checkouts (main, worktrees), so it is derived from this file's location.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "EngineWithoutRx",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .testTarget(
            name: "EngineWithoutRxTests",
            dependencies: [
                .product(name: "LeakEngine", package: root),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ])
    ],
    swiftLanguageModes: [.v5]
)
