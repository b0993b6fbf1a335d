// swift-tools-version:5.9
// For `rxleaks test`'s report tests (Tests/CLITests/InvitationReportTests): an app-shaped package whose view model
// binds through a bag it is handed and disposes inner subscriptions into it from its closures, and whose test binds
// four times, as a screen that appears four times does. RxSwift by URL.
import PackageDescription

let package = Package(
    name: "InvitationApp",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "InvitationApp", dependencies: [.product(name: "RxSwift", package: "RxSwift")]),
        .testTarget(name: "InvitationAppTests", dependencies: [
            "InvitationApp", .product(name: "RxSwift", package: "RxSwift"),
        ]),
    ]
)
