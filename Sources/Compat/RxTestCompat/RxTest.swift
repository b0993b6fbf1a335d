/// RxLeaks under RxTest's name: the module behind the `RxTest` product.
///
/// `TestScheduler`, `Recorded`, `TestableObserver`, the cold and hot test observables and the
/// `XCTAssertEqual` overloads live in RxCoreTesting; this module re-exports it together with RxCore,
/// as RxTest's users also see RxSwift through it. Named `RxTestCompat` so that a package graph may hold
/// the real RxTest too (see `docs/rxswift-conformance.md`).
@_exported import RxCore
@_exported import RxCoreTesting
