// swift-tools-version:5.9
// An app whose tasks can be left suspended for ever, for `rxleaks test`'s tests
// (Tests/CLITests/StuckTasksTestCommandTests): a callback API that drops its completion on its error path, under
// a checked continuation (the runtime's SWIFT TASK CONTINUATION MISUSE), with its fixed twin and a look-alike
// whose completion comes later from a queue; a downloader that keeps the continuation of its fetch while only
// the awaiting task keeps it, with its fixed twin (the transport keeps it) and a task group that finishes; a
// task made in Observable.create that the disposable does not cancel, with its twin that cancels it; tasks an
// object keeps and cancels in deinit whose loop (over RxSwift's values bridge, or a while loop) holds the object,
// so that deinit never runs, with their twins whose loops hold it weakly. No leak code in the tests; RxSwift by
// URL, as in an app that also uses it.
import PackageDescription

let package = Package(
    name: "StuckTasks",
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.5.0"),
    ],
    targets: [
        .target(name: "StuckTasks", dependencies: [.product(name: "RxSwift", package: "RxSwift")]),
        .testTarget(name: "StuckTasksTests", dependencies: [
            "StuckTasks",
            .product(name: "RxSwift", package: "RxSwift"),
        ]),
    ]
)
