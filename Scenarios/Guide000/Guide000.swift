/// The scenarios of the VIPER handbook (guide 000), in the handbook's order.
enum Guide000 {
    static let scenarios: [Scenario] = [
        closureStrongSelf,
        methodReferenceImplicitSelf,
        captureListMissingModifier,
        unownedOutlivesOwner,
        sharedDisposeBag,
        disposeBagCaptured,
        cellReuseWithoutNewBag,
        itemOwnsDisposeBag,
        storedSubjectInChild,
        subjectRetainsElement,
        switchFeedbackLoop,
        bidirectionalRelayBinder,
    ]

    /// A passage of the handbook under `section`.
    static func handbook(_ section: String, _ passage: String) -> GuideReference {
        GuideReference(file: "000_96c7dbaa37a9d1af.txt", section: section, passage: passage)
    }
}
