// swift-tools-version:6.1
import PackageDescription
import Foundation

// RxLeaks' Nimble matchers as a user gets them: RxLeaks with its Nimble trait, in a package of its own
// (the matchers' tests need Nimble, which RxLeaks' own package resolves only when the trait is on).

// The root package's identity is its directory name, which differs between
// checkouts (main, worktrees), so it is derived from this file's location.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "NimbleMatchers",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../..", traits: ["Nimble"]),
        .package(url: "https://github.com/Quick/Nimble", from: "13.8.0"),
    ],
    targets: [
        .testTarget(
            name: "NimbleMatchersTests",
            dependencies: [
                .product(name: "LeakNimble", package: root),
                .product(name: "RxCore", package: root),
                .product(name: "Nimble", package: "Nimble"),
            ])
    ],
    swiftLanguageModes: [.v5]
)
