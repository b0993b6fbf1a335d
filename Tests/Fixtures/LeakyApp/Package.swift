// swift-tools-version:5.9
// A small app in the style of real RxSwift apps, for `rxleaks test`'s tests (Tests/CLITests/TestCommandTests):
// view models with the guide's leaks and their fixed twins, tests with no leak code at all, RxSwift by URL.
import PackageDescription

let package = Package(
    name: "LeakyApp",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "LeakyApp", dependencies: [
            .product(name: "RxSwift", package: "RxSwift"),
            .product(name: "RxRelay", package: "RxSwift"),
        ]),
        .testTarget(name: "LeakyAppTests", dependencies: [
            "LeakyApp",
            .product(name: "RxSwift", package: "RxSwift"),
            .product(name: "RxTest", package: "RxSwift"),
            .product(name: "RxBlocking", package: "RxSwift"),
        ]),
    ]
)
