/// RxLeaks under RxCocoa's name: the module behind the `RxCocoa` product.
///
/// Only RxCocoa's UIKit-free part exists on Linux: `Binder`, `Reactive`/`rx`, `ControlEvent`,
/// `ControlProperty`, `Driver`, `Signal` and `SharedSequence`, all declared in RxCore and re-exported
/// here. Named `RxCocoaCompat` so that a package graph may hold the real RxCocoa too (see
/// `docs/rxswift-conformance.md`).
@_exported import RxCore
