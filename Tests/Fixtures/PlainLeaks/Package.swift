// swift-tools-version:5.9
// An app whose leaks are plain Swift, for `rxleaks test`'s tests (Tests/CLITests/PlainLeaksTestCommandTests):
// a stored closure, a strong delegate, a NotificationCenter.default block observer, tasks (stored or not) looping
// over an app-wide stream, a stored DispatchWorkItem, a listener an app-wide registry keeps and repeating timers (one
// stored, one kept only by the run loop), each capturing its owner, each with its fixed twin, and
// clean look-alikes. No leak code in the tests; RxSwift by URL, as in an app that also uses it.
import PackageDescription

let package = Package(
    name: "PlainLeaks",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "PlainLeaks"),
        .testTarget(name: "PlainLeaksTests", dependencies: [
            "PlainLeaks",
            .product(name: "RxSwift", package: "RxSwift"),
        ]),
    ]
)
