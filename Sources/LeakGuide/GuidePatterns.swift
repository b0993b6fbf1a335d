/// The leak guide's patterns, in the guide's order.
package enum GuidePatterns {
    package static let methodReferenceImplicitSelf = GuidePattern(
        id: "method-reference-implicit-self", name: "method reference captures self implicitly",
        document: "000", section: "Capture lists",
        fix: "Make the method static (a pure transformation) and pass Type.method, or use a closure with [weak self].")

    package static let closureStrongSelf = GuidePattern(
        id: "closure-strong-self", name: "closure captures self strongly",
        document: "000", section: "Capture lists",
        fix:
            "Capture [weak self] (or [unowned self] when the object's own bag disposes the subscription), or bind to a Binder."
    )

    package static let captureListMissingModifier = GuidePattern(
        id: "capture-list-missing-modifier", name: "capture list misses weak/unowned on one of several objects",
        document: "000", section: "Capture lists",
        fix: "Write the modifier before every name: [unowned wireframe, weak view].")

    package static let unownedOutlivesOwner = GuidePattern(
        id: "unowned-outlives-owner", name: "unowned capture in a subscription that outlives its owner",
        document: "000", section: "Capture lists",
        fix:
            "Capture [weak self] in blocks of operations that may outlive their owner, or dispose them with the owner's bag."
    )

    package static let disposeBagSentToAnotherObject = GuidePattern(
        id: "dispose-bag-sent-to-another-object", name: "dispose bag sent to another object",
        document: "000", section: "Dispose bag",
        fix: "Give each object its own DisposeBag; return sequences instead of passing the bag along.")

    package static let cellReuseWithoutNewBag = GuidePattern(
        id: "cell-reuse-without-new-bag", name: "reused cell keeps its old dispose bag",
        document: "000", section: "Dispose bag",
        fix: "Assign a new DisposeBag in prepareForReuse() (or call super.prepareForReuse() where the superclass does)."
    )

    package static let nestedSubscribe = GuidePattern(
        id: "nested-subscribe", name: "subscription made inside a subscription's closure",
        document: "000", section: "Dispose bag",
        fix: "Let an operator own the inner subscription: flatMapLatest { … }.bind(to: …), disposed once.")

    package static let ignoredDisposable = GuidePattern(
        id: "ignored-disposable", name: "subscription's Disposable thrown away",
        document: "000", section: "Dispose bag",
        fix: "Keep the Disposable: .disposed(by: disposeBag) with the object's own bag.")

    package static let storedSubjectInChild = GuidePattern(
        id: "stored-subject-in-child", name: "subject or relay stored as a property in a child module",
        document: "000", section: "Subjects and Relays",
        fix:
            "Don't store the parent's subject: pass it to handle functions, and keep only a Binder (which holds it weakly)."
    )

    package static let shareForever = GuidePattern(
        id: "share-forever", name: "share(replay:scope: .forever) keeps its elements",
        document: "000", section: "Subjects and Relays",
        fix: "Use share(replay: 1, scope: .whileConnected) (the default), or replay something small (an id, a URL).")

    package static let appearBindingsWithoutReset = GuidePattern(
        id: "appear-bindings-without-reset", name: "bindings made on every appearance into a bag never replaced",
        document: "001", section: "Disposing",
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
