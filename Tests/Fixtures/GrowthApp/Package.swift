// swift-tools-version:5.9
// For `rxleaks test --repeat`'s tests (Tests/CLITests/GrowthFixtureTests): a plain package whose actions each
// leave one more thing in a long-lived holder (a singleton's list, NotificationCenter.default's observers, a cache
// keyed by a fresh id, a queue's work items, a subscription disposed into a singleton service's bag, an unbounded
// ReplaySubject in a service), and their clean twins (a singleton made once, a cache bounded to one entry, an
// observer removed with its watcher, the screen's own bag, a replay of the latest event, a relay a lazy singleton
// makes once). Each test's oracle (a count or a weak reference) proves its verdict on the plain build. RxSwift by
// URL, as in an app that uses it.
import PackageDescription

let package = Package(
    name: "GrowthApp",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "Screens", dependencies: [
            .product(name: "RxSwift", package: "RxSwift"), .product(name: "RxRelay", package: "RxSwift"),
        ]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens"]),
    ]
)
