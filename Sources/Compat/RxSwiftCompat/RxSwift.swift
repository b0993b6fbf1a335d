/// RxLeaks under RxSwift's name: the module behind the `RxSwift` product.
///
/// Everything RxSwift declares (observables, traits, subjects, schedulers, disposables, `Hooks`,
/// `Resources`) lives in RxCore; this module only re-exports it, so code written for RxSwift
/// compiles unchanged once its target maps the name `RxSwift` onto this module. The target cannot be
/// named `RxSwift` itself: SwiftPM requires target names to be unique across a package graph, so a
/// package that also builds the real RxSwift (or a module of that name) could not depend on RxLeaks.
/// See `docs/rxswift-conformance.md` for the `Package.swift` switch.
@_exported import RxCore
