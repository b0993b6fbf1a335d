// swift-tools-version:6.1
import PackageDescription

// Resource accounting is on by default; build with
// `-Xswiftc -DRXCORE_NO_ACCOUNTING` to switch it off and measure what it costs.
let package = Package(
    name: "RxLeaks",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxCoreTesting", targets: ["RxCoreTesting"]),
        // RxSwift's product names. Their modules are named *Compat because SwiftPM refuses two targets
        // of one name in a package graph; docs/rxswift-conformance.md shows how a package maps them
        // back to RxSwift's module names.
        .library(name: "RxSwift", targets: ["RxSwiftCompat"]),
        .library(name: "RxRelay", targets: ["RxRelayCompat"]),
        .library(name: "RxCocoa", targets: ["RxCocoaCompat"]),
        .library(name: "RxTest", targets: ["RxTestCompat"]),
        .library(name: "RxBlocking", targets: ["RxBlockingCompat"]),
        // With RxCore's integration, as before the engine split.
        .library(name: "Leaks", targets: ["Leaks", "RxCoreLeaks"]),
        .library(name: "LeakTesting", targets: ["LeakTesting", "RxCoreLeaks"]),
        // The engine and its test helpers alone, for code without RxCore (docs/engine.md).
        .library(name: "LeakEngine", targets: ["Leaks", "LeakTesting"]),
        // Nimble's matchers `leak()` and `beReleased()`: only with the Nimble trait, so that a package that does
        // not ask for them never resolves Nimble.
        .library(name: "LeakNimble", targets: ["LeakNimble", "RxCoreLeaks"]),
        .executable(name: "rxleaks", targets: ["rxleaks"]),
        .plugin(name: "RxLeaksLintPlugin", targets: ["RxLeaksLintPlugin"]),
    ],
    traits: [
        .default(enabledTraits: ["Lint"]),
        .trait(
            name: "Lint",
            description: "`rxleaks lint`, which needs swift-syntax. Without it (`--disable-default-traits`) "
                + "the CLI builds in a fraction of the time: CI's release run of the catalogue uses that."),
        .trait(
            name: "Nimble",
            description: "The LeakNimble product: Nimble matchers for leak checks (`leak()`, `beReleased()`)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "602.0.0"),
        // `swift package generate-documentation`: the DocC catalogues in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/Quick/Nimble", from: "13.8.0"),
    ],
    targets: [
        // MARK: Reactive core (RxSwift, RxRelay, RxCocoa without UIKit; RxTest, RxBlocking)
        // CRxCoreThread: per-thread state in C thread-locals, and ThreadSanitizer's annotations.
        .target(name: "CRxCoreThread"),
        .target(name: "RxCore", dependencies: ["CRxCoreThread"]),
        .target(name: "RxCoreTesting", dependencies: ["RxCore"]),
        .target(name: "RxSwiftCompat", dependencies: ["RxCore"], path: "Sources/Compat/RxSwiftCompat"),
        .target(name: "RxRelayCompat", dependencies: ["RxCore"], path: "Sources/Compat/RxRelayCompat"),
        .target(name: "RxCocoaCompat", dependencies: ["RxCore"], path: "Sources/Compat/RxCocoaCompat"),
        .target(name: "RxTestCompat", dependencies: ["RxCore", "RxCoreTesting"], path: "Sources/Compat/RxTestCompat"),
        .target(
            name: "RxBlockingCompat", dependencies: ["RxCore", "RxCoreTesting"],
            path: "Sources/Compat/RxBlockingCompat"),

        // MARK: Probes: C shims behind a thin Swift wrapper
        .target(name: "CUnwind", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CRemoteMirror", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Probes", dependencies: ["CUnwind", "CRemoteMirror"]),

        // MARK: The leak guide's patterns (id, name, section, fix): one table for the engine's
        // RxCore integration, the lint rules and the scenarios.
        .target(name: "LeakGuide"),

        // MARK: What reports are written as: the one JSON configuration, typed SARIF and JUnit XML.
        .target(name: "ReportFormats"),

        // MARK: Leak engine (knows no Rx library), its test-suite helpers, and RxCore's integration
        .target(name: "Leaks", dependencies: ["Probes", "ReportFormats"]),
        // CLeakTesting's constructor switches the whole-suite mode on in a test process (RXLEAKS_SUITE=1);
        // its `swift_allocObject` lets checks track the code under test's objects by themselves.
        .target(name: "CLeakTesting", linkerSettings: [.linkedLibrary("dl")]),
        // The whole-suite mode's results: LeakTesting writes them, rxleaks reads them.
        .target(name: "LeakSuiteRecords", dependencies: ["Leaks", "ReportFormats"]),
        .target(name: "LeakTesting", dependencies: ["Leaks", "LeakSuiteRecords", "CLeakTesting"]),
        // Without the Nimble trait its sources are empty (`#if Nimble`) and Nimble is not resolved.
        .target(
            name: "LeakNimble",
            dependencies: [
                "Leaks", .product(name: "Nimble", package: "Nimble", condition: .when(traits: ["Nimble"])),
            ]),
        .target(name: "CRxCoreLeaks"),
        .target(name: "RxCoreLeaks", dependencies: ["Leaks", "LeakGuide", "RxCore", "Probes", "CRxCoreLeaks"]),

        // MARK: Simulated UI layer and the scenario catalogue
        .target(name: "SimUI", dependencies: ["RxCore"]),
        .target(
            name: "Scenarios", dependencies: ["RxCore", "SimUI", "Leaks", "LeakGuide", "ReportFormats", "RxCoreLeaks"],
            path: "Scenarios"
        ),

        // MARK: Static lint for the guide's leak patterns (syntax only: no RxCore, no engine)
        // `swift test` builds every target: without the Lint trait (the sanitizer builds of .ci/run)
        // this one's sources are empty (`#if Lint`) and swift-syntax is not built at all.
        .target(
            name: "LeakLint",
            dependencies: [
                "LeakGuide", "ReportFormats",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Lint"])),
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Lint"])),
            ]),

        // MARK: Command line
        // Child processes tied to this one's life (a watchdog and subreaper in C): the CLI's and the tests'.
        .target(name: "CChildProcess"),
        .target(name: "ChildProcesses", dependencies: ["CChildProcess"]),
        .executableTarget(
            name: "rxleaks",
            dependencies: [
                "Scenarios", "Leaks", "LeakGuide", "LeakSuiteRecords", "ReportFormats", "RxCore", "RxCoreLeaks",
                "ChildProcesses",
                .target(name: "LeakLint", condition: .when(traits: ["Lint"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // `swift package rxleaks-lint`: rxleaks lint over the package's source targets.
        .plugin(
            name: "RxLeaksLintPlugin",
            capability: .command(
                intent: .custom(
                    verb: "rxleaks-lint",
                    description: "Find the leak guide's patterns in the package's sources (rxleaks lint).")),
            dependencies: ["rxleaks"]),

        // MARK: Tests
        // RxCoreLeaks places call sites in the source (its resolver is installed when it is linked).
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxCoreTesting", "RxCoreLeaks"]),
        // Imports RxSwift's five module names the way a switched package does: `-module-alias` maps
        // each name onto its *Compat module (only a root package may pass such flags).
        .testTarget(
            name: "RxSwiftCompatTests",
            dependencies: ["RxSwiftCompat", "RxRelayCompat", "RxCocoaCompat", "RxTestCompat", "RxBlockingCompat"],
            swiftSettings: [
                .unsafeFlags([
                    "-module-alias", "RxSwift=RxSwiftCompat", "-module-alias", "RxRelay=RxRelayCompat",
                    "-module-alias", "RxCocoa=RxCocoaCompat", "-module-alias", "RxTest=RxTestCompat",
                    "-module-alias", "RxBlocking=RxBlockingCompat",
                ])
            ]
        ),
        .testTarget(name: "ProbesTests", dependencies: ["Probes"]),
        .testTarget(
            name: "LeaksTests",
            dependencies: [
                "Leaks", "LeakTesting", "LeakSuiteRecords", "ChildProcesses", "Probes", "RxCore", "RxCoreTesting",
                "RxCoreLeaks",
            ]),
        .testTarget(
            name: "ScenariosTests",
            dependencies: ["ChildProcesses", "Scenarios", "SimUI", "Leaks", "LeakGuide", "RxCore", "RxCoreLeaks"]),
        // Without the Lint trait (the sanitizer builds of .ci/run), these tests and swift-syntax are left out.
        .testTarget(
            name: "LeakLintTests",
            dependencies: [
                "LeakGuide",
                .target(name: "LeakLint", condition: .when(traits: ["Lint"])),
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Lint"])),
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Lint"])),
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "rxleaks", "ChildProcesses", "Scenarios", "Leaks", "LeakSuiteRecords", "ReportFormats", "RxCore",
                "RxCoreLeaks", .target(name: "LeakLint", condition: .when(traits: ["Lint"])),
            ]),
        .testTarget(name: "StressTests", dependencies: ["RxCore", "RxCoreTesting", "Leaks", "RxCoreLeaks"]),
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "RxCore", "RxCoreTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    // RxSwift-compatible code is not Sendable-annotated; the Swift 5 language
    // mode keeps user code written for RxSwift compiling unchanged.
    swiftLanguageModes: [.v5]
)
