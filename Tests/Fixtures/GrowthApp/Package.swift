// swift-tools-version:5.9
// For `rxleaks test --repeat`'s tests (Tests/CLITests/GrowthFixtureTests): a plain package whose actions each
// leave one more thing in a long-lived holder (a singleton's list, NotificationCenter.default's observers, a cache
// keyed by a fresh id, a queue's work items), and their clean twins (a singleton made once, a cache bounded to one
// entry, an observer removed with its watcher). Each test's oracle (a count or a weak reference) proves its verdict
// on the plain build.
import PackageDescription

let package = Package(
    name: "GrowthApp",
    targets: [
        .target(name: "Screens"),
        .testTarget(name: "ScreensTests", dependencies: ["Screens"]),
    ]
)
