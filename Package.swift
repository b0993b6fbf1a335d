// swift-tools-version:6.1
import PackageDescription

/// Compile RxCore with `-Xswiftc -DRXCORE_NO_ACCOUNTING` to switch resource
/// accounting off (used by the benchmarks to measure what it costs).
let package = Package(
    name: "RxLeaks",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: Reactive core
        .target(name: "RxCore"),

        // MARK: Tests
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore"]),
    ],
    // RxSwift-compatible code is not Sendable-annotated; the Swift 5 language
    // mode keeps user code written for RxSwift compiling unchanged.
    swiftLanguageModes: [.v5]
)
