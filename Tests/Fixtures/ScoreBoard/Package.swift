// swift-tools-version:5.9
// For `rxleaks test`'s tests (Tests/CLITests/TestCommandTests): an app that asks for RxSwift by URL whose
// tests are all Swift Testing and never touch RxSwift, so the whole-suite mode judges none of them itself.
import PackageDescription

let package = Package(
    name: "ScoreBoard",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "ScoreBoard", dependencies: [.product(name: "RxSwift", package: "RxSwift")]),
        .testTarget(name: "ScoreBoardTests", dependencies: ["ScoreBoard"]),
    ]
)
