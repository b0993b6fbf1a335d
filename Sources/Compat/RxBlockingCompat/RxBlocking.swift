/// RxLeaks under RxBlocking's name: the module behind the `RxBlocking` product.
///
/// `toBlocking(timeout:)` and `BlockingObservable`'s `first()`, `last()`, `toArray()`, `single()` and
/// `materialize()` live in RxCoreTesting; this module re-exports it together with RxCore. Named
/// `RxBlockingCompat` so that a package graph may hold the real RxBlocking too (see
/// `docs/rxswift-conformance.md`).
@_exported import RxCore
@_exported import RxCoreTesting
