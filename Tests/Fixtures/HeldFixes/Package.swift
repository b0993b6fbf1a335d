// swift-tools-version:5.9
// An app with two plain-Swift leaks whose fix is more than a capture, for `rxleaks fix`'s tests
// (Tests/CLITests/HeldFixesTests): a work item made in a local and then stored, and an observer added to a
// center the initializer is given. No leak code in the tests; RxSwift by URL, as in an app that also uses it.
import PackageDescription

let package = Package(
    name: "HeldFixes",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "HeldFixes"),
        .testTarget(name: "HeldFixesTests", dependencies: [
            "HeldFixes",
            .product(name: "RxSwift", package: "RxSwift"),
        ]),
    ]
)
