// swift-tools-version:5.9
// A view model in the `transform(input:disposeBag:)` style and its fixed twin, tested with a hot test
// observable kept in a property, for `rxleaks test`'s tests (Tests/CLITests/TransformCommandTests): the
// leak there is visible only because RxTest's hot observable is kept by its subscriptions, as on RxSwift.
import PackageDescription

let package = Package(
    name: "TransformApp",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "TransformApp", dependencies: [
            .product(name: "RxSwift", package: "RxSwift"),
            .product(name: "RxRelay", package: "RxSwift"),
        ]),
        .testTarget(name: "TransformAppTests", dependencies: [
            "TransformApp",
            .product(name: "RxSwift", package: "RxSwift"),
            .product(name: "RxTest", package: "RxSwift"),
        ]),
    ]
)
