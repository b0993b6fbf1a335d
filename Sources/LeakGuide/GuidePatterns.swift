/// The leak guide's patterns, in the guide's order.
package enum GuidePatterns {
    // The places in the guide that explain the patterns: a document and its section.
    private static let captureLists = (document: "000", section: "Capture lists")
    private static let disposeBag = (document: "000", section: "Dispose bag")
    private static let subjectsAndRelays = (document: "000", section: "Subjects and Relays")
    private static let disposing = (document: "001", section: "Disposing")

    // One row a pattern: where the guide explains it, its id, what happens, and the fix.
    package static let methodReferenceImplicitSelf = GuidePattern(
        captureLists, "method-reference-implicit-self", "method reference captures self implicitly",
        fix: "Make the method static (a pure transformation) and pass Type.method, or use a closure with [weak self].")

    package static let closureStrongSelf = GuidePattern(
        captureLists, "closure-strong-self", "closure captures self strongly",
        fix:
            "Capture [weak self] (or [unowned self] when the object's own bag disposes the subscription), or bind to a Binder."
    )

    package static let captureListMissingModifier = GuidePattern(
        captureLists, "capture-list-missing-modifier", "capture list misses weak/unowned on one of several objects",
        fix: "Write the modifier before every name: [unowned wireframe, weak view].")

    package static let unownedOutlivesOwner = GuidePattern(
        captureLists, "unowned-outlives-owner", "unowned capture in a subscription that outlives its owner",
        fix:
            "Capture [weak self] in blocks of operations that may outlive their owner, or dispose them with the owner's bag."
    )

    package static let disposeBagSentToAnotherObject = GuidePattern(
        disposeBag, "dispose-bag-sent-to-another-object", "dispose bag sent to another object",
        fix: "Give each object its own DisposeBag; return sequences instead of passing the bag along.")

    package static let cellReuseWithoutNewBag = GuidePattern(
        disposeBag, "cell-reuse-without-new-bag", "reused cell keeps its old dispose bag",
        fix: "Assign a new DisposeBag in prepareForReuse() (or call super.prepareForReuse() where the superclass does)."
    )

    package static let nestedSubscribe = GuidePattern(
        disposeBag, "nested-subscribe", "subscription made inside a subscription's closure",
        fix: "Let an operator own the inner subscription: flatMapLatest { … }.bind(to: …), disposed once.")

    package static let ignoredDisposable = GuidePattern(
        disposeBag, "ignored-disposable", "subscription's Disposable thrown away",
        fix: "Keep the Disposable: .disposed(by: disposeBag) with the object's own bag.")

    package static let storedSubjectInChild = GuidePattern(
        subjectsAndRelays, "stored-subject-in-child", "subject or relay stored as a property in a child module",
        fix:
            "Don't store the parent's subject: pass it to handle functions, and keep only a Binder (which holds it weakly)."
    )

    package static let shareForever = GuidePattern(
        subjectsAndRelays, "share-forever", "share(replay:scope: .forever) keeps its elements",
        fix: "Use share(replay: 1, scope: .whileConnected) (the default), or replay something small (an id, a URL).")

    package static let appearBindingsWithoutReset = GuidePattern(
        disposing, "appear-bindings-without-reset", "bindings made on every appearance into a bag never replaced",
        fix: "Replace the bag in viewWillDisappear (disposeBag = DisposeBag()), or bind once in viewDidLoad.")

    /// Every pattern, in the guide's order.
    package static let all: [GuidePattern] = [
        methodReferenceImplicitSelf, closureStrongSelf, captureListMissingModifier, unownedOutlivesOwner,
        disposeBagSentToAnotherObject, cellReuseWithoutNewBag, nestedSubscribe, ignoredDisposable,
        storedSubjectInChild, shareForever, appearBindingsWithoutReset,
    ]

    /// The pattern with `id`, if the guide has one.
    package static func named(_ id: String) -> GuidePattern? {
        all.first { $0.id == id }
    }
}
