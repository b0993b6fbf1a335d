// swift-tools-version:5.9
// A small RxSwift library, as published ones are: it names RxSwift by URL and knows nothing of RxLeaks.
// `rxleaks switch` on a package that depends on it makes its `import RxSwift` mean RxLeaks
// (scripts/switch-fixture).
import PackageDescription

let package = Package(
    name: "RxPolling",
    products: [.library(name: "RxPolling", targets: ["RxPolling"])],
    dependencies: [.package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.0.0")],
    targets: [
        .target(
            name: "RxPolling",
            dependencies: [
                .product(name: "RxSwift", package: "RxSwift"),
                .product(name: "RxRelay", package: "RxSwift"),
            ])
    ]
)
