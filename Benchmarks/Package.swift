// swift-tools-version:6.1
import PackageDescription
import Foundation

// The root package's identity is its directory name, which differs between
// checkouts (main, worktrees), so it is derived from this file's location.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "RxLeaksBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // The same sources as RxCore (Sources/RxCoreUnaccounted is a symlink to
        // ../../Sources/RxCore) with accounting compiled out, so accounting on
        // and off are measured in one process.
        // It takes the CRxCoreThread module from RxCore's product.
        .target(
            name: "RxCoreUnaccounted", dependencies: [.product(name: "RxCore", package: root)],
            swiftSettings: [.define("RXCORE_NO_ACCOUNTING")]),
        .target(name: "BenchSupport"),
        .target(name: "CMallocCounter"),
        // One workload source, compiled against each core (RxWorkloadsUnaccounted
        // is a symlink to RxWorkloads).
        .target(
            name: "RxWorkloads",
            dependencies: [
                "BenchSupport",
                .product(name: "RxCore", package: root),
                .product(name: "Leaks", package: root),  // Backtraces.isEnabled
            ]),
        .target(
            name: "RxWorkloadsUnaccounted",
            dependencies: [
                "BenchSupport", "RxCoreUnaccounted",
                .product(name: "Leaks", package: root),
            ], swiftSettings: [.define("RXCORE_NO_ACCOUNTING")]),
        // The retain-graph walk at scale (issue: 100,000 objects in under a second).
        .executableTarget(name: "GraphWalk", dependencies: [.product(name: "Leaks", package: root)]),
        // Tracking the code under test's objects: LeakTesting's allocation hook, linked through LeakEngine.
        .executableTarget(name: "AllocationTracking", dependencies: [.product(name: "LeakEngine", package: root)]),
        .executableTarget(
            name: "RxBench",
            dependencies: [
                "BenchSupport", "CMallocCounter", "RxWorkloads", "RxWorkloadsUnaccounted",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]),
    ],
    swiftLanguageModes: [.v5]
)
