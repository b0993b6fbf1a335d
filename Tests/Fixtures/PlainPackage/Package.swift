// swift-tools-version:5.9
// For `rxleaks test`'s tests (Tests/CLITests/UnchangedPackageTests): a plain package with neither RxSwift nor
// RxLeaks in its manifest, judged as it is. An uploader whose progress handler captures it strongly, its fixed
// twin, in XCTest and Swift Testing; each test's oracle (a weak reference) proves its verdict on the plain build.
import PackageDescription

let package = Package(
    name: "PlainPackage",
    targets: [
        .target(name: "Uploads"),
        .testTarget(name: "UploadsTests", dependencies: ["Uploads"]),
    ]
)
