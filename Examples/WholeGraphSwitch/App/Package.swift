// swift-tools-version:6.1
// An app whose graph reaches RxSwift twice by URL: through RxPolling (a library that depends on
// https://github.com/ReactiveX/RxSwift.git) and directly (https://github.com/ReactiveX/RxSwift, the other
// spelling). Its tests also depend on RxLeaks itself, by path, for the leak checks. scripts/switch-fixture
// copies it beside a copy of RxLeaks and a git repository of RxPolling (the mirror of its URL below),
// runs `rxleaks switch` on it and then its tests: every `import RxSwift` of the graph runs on RxCore.
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://example.com/RxPolling.git", from: "1.0.0"),
        .package(url: "https://github.com/ReactiveX/RxSwift", from: "6.0.0"),
        // The folder must be named RxLeaks: the identity `rxleaks` is what lets this dependency stand in
        // for the copy the switch's RxSwift package names (docs/cli.md).
        .package(path: "../RxLeaks"),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [
                .product(name: "RxPolling", package: "RxPolling"),
                .product(name: "RxSwift", package: "RxSwift"),
            ]),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App",
                .product(name: "RxPolling", package: "RxPolling"),
                .product(name: "RxSwift", package: "RxSwift"),
                .product(name: "RxCore", package: "RxLeaks"),
                .product(name: "Leaks", package: "RxLeaks"),
                .product(name: "LeakTesting", package: "RxLeaks"),
            ]),
    ],
    swiftLanguageModes: [.v5]
)
