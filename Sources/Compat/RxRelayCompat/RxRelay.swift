/// RxLeaks under RxRelay's name: the module behind the `RxRelay` product.
///
/// `PublishRelay`, `BehaviorRelay`, `ReplayRelay` and their `bind(to:)`/`accept` API live in RxCore;
/// this module re-exports it for code that imports `RxRelay`. Named `RxRelayCompat` so that a package
/// graph may hold the real RxRelay too (see `docs/rxswift-conformance.md`).
@_exported import RxCore
