extension LeakPattern {
    static let guideHandbook = "000_96c7dbaa37a9d1af.txt"
    static let guideSherpa = "001_ab5ffa7a0a470539.txt"

    /// `flatMap(doWork(model:))` inside a method: the method reference captures self.
    static func methodReference(_ method: String?) -> LeakPattern {
        LeakPattern(
            id: "method-reference-implicit-self",
            name: "method reference captures self implicitly",
            guideFile: guideHandbook, guideSection: "Capture lists",
            fix: "make \(method ?? "the method") static (Type.method), or call it from a closure with [weak self]")
    }

    /// A closure that uses `self` without a capture list.
    static let strongSelf = LeakPattern(
        id: "closure-strong-self",
        name: "closure captures self strongly",
        guideFile: guideHandbook, guideSection: "Capture lists",
        fix: "add [weak self] (or [unowned self] when self owns the subscription's bag) to the closure")

    /// `[weak view, wireframe]`: one name in a capture list lacks its modifier.
    static let missingModifier = LeakPattern(
        id: "capture-list-missing-modifier",
        name: "capture list misses weak/unowned on one of several objects",
        guideFile: guideHandbook, guideSection: "Capture lists",
        fix: "write weak or unowned before every name in the capture list")

    /// A dispose bag handed to, and held by, another object.
    static let sharedDisposeBag = LeakPattern(
        id: "dispose-bag-sent-to-another-object",
        name: "dispose bag sent to another object",
        guideFile: guideHandbook, guideSection: "Dispose bag",
        fix: "give each object its own DisposeBag instead of passing one around")

    /// A subject or relay kept as a property of a child module.
    static let storedSubject = LeakPattern(
        id: "stored-subject-in-child",
        name: "subject or relay stored as a property in a child module",
        guideFile: guideHandbook, guideSection: "Subjects and Relays",
        fix: "keep the subject or relay local to configure/handle and pass it, don't store it in the child")

    /// A subscription nobody disposes, on a source that never ends.
    static let neverDisposed = LeakPattern(
        id: "subscription-never-disposed",
        name: "subscription never disposed",
        guideFile: guideHandbook, guideSection: "Dispose bag",
        fix: "add .disposed(by: disposeBag) with a bag owned by the subscribing object")
}
