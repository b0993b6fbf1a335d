/// A cycle's shape as the engine recognises it from the objects and closures
/// on it, before anyone names it.
public enum LeakShape: Sendable, Hashable {
    /// An instance method handed over by name (`flatMap(doWork(model:))`):
    /// the method reference captures its object. `method` describes it when
    /// the symbol tells (`the method referenced in configure()`).
    case methodReference(method: String?)
    /// A closure captures the object strongly.
    case strongCapture
    /// A closure's capture list makes some names weak or unowned and keeps another strongly.
    case captureListMissingModifier
    /// A library container of subscriptions (a dispose bag, a set of
    /// cancellables) held by another object.
    case containerSharedWithAnotherObject
    /// A library container of subscriptions captured by a closure of a subscription it holds: it keeps itself.
    case containerCapturedByItsSubscription
    /// A library subject or relay kept as a property by an object it was handed to.
    case storedSubject
    /// Objects that refer to each other through stored properties alone, no
    /// closure or library object on the cycle: the reference back to the
    /// object (`property`, such as a strong `delegate`) is the one to make weak.
    case strongBackReference(property: String)
    /// Stored properties alone, one of them a subscription's `downstream` (Combine's and OpenCombine's
    /// word): the subscriber keeps its subscription, which by contract keeps its downstream until it is
    /// cancelled or completes. The fix is to cancel, not to make `property` weak.
    case subscriptionNeverCancelled(property: String)
    /// A task made while subscribing (in the closure that sets a subscription up) runs on after the
    /// subscription is disposed: what that closure returns does not cancel it.
    case taskOutlivingSubscription

    /// The id every wording of the shape shares.
    public var id: String {
        switch self {
        case .methodReference: "method-reference-implicit-self"
        case .strongCapture: "closure-strong-self"
        case .captureListMissingModifier: "capture-list-missing-modifier"
        case .containerSharedWithAnotherObject: "dispose-bag-sent-to-another-object"
        case .containerCapturedByItsSubscription: "dispose-bag-captured"
        case .storedSubject: "stored-subject-in-child"
        case .strongBackReference: "strong-back-reference"
        case .subscriptionNeverCancelled: "subscription-never-cancelled"
        case .taskOutlivingSubscription: "task-outlives-subscription"
        }
    }

    /// The engine's own wording, which names no library.
    var neutralPattern: LeakPattern {
        switch self {
        case .methodReference(let method):
            LeakPattern(
                id: id, name: "method reference captures self implicitly", source: nil,
                fix: "make the method static, or call it from a closure that captures self weakly ([weak self])",
                detail: method)
        case .strongCapture:
            LeakPattern(
                id: id, name: "closure captures self strongly", source: nil,
                fix: "capture self weakly in the closure ([weak self])")
        case .captureListMissingModifier:
            LeakPattern(
                id: id, name: "capture list misses weak/unowned on one of several objects", source: nil,
                fix: "write weak or unowned before every name in the capture list")
        case .containerSharedWithAnotherObject:
            LeakPattern(
                id: id, name: "container of subscriptions held by another object", source: nil,
                fix: "give each object its own container instead of passing one around")
        case .containerCapturedByItsSubscription:
            LeakPattern(
                id: id, name: "container of subscriptions captured by a closure of a subscription it holds",
                source: nil,
                fix: "end the inner subscriptions with the object's own container, or return the sequence instead")
        case .storedSubject:
            LeakPattern(
                id: id, name: "subject kept as a property by an object it was handed to", source: nil,
                fix: "pass the subject where it is needed instead of storing it")
        case .strongBackReference(let property):
            LeakPattern(
                id: id, name: "objects refer to each other through stored properties", source: nil,
                fix: "make the reference back to the owner weak (weak var \(property)), as a delegate or a parent is")
        case .subscriptionNeverCancelled(let property):
            LeakPattern(
                id: id, name: "a subscriber keeps its subscription, which keeps the subscriber until cancelled",
                source: nil,
                fix: "cancel the subscription once the subscriber is done with it (or drop it on completion); "
                    + "a subscription holds its downstream until then, so \(property) stays strong")
        case .taskOutlivingSubscription:
            LeakPattern(
                id: id, name: "a task made while subscribing runs on after the subscription is disposed", source: nil,
                fix: "keep the task and cancel it in what the subscribing closure returns to end the subscription")
        }
    }
}
