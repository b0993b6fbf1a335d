// swift-tools-version:6.1
import PackageDescription

// `scripts/rxswift-api-gaps RXSWIFT_SRC`: compares the parameter lists of RxSwift's public functions
// and initialisers with RxCore's (docs/rxswift-conformance.md). A package of its own, so that the
// main package's builds never compile swift-syntax for it.
let package = Package(
    name: "rxswift-signatures",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "602.0.0"),
    ],
    targets: [
        .executableTarget(name: "rxswift-signatures", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
    ]
)
