/// When a test sequence was subscribed and unsubscribed, in virtual time, as
/// RxTest records it.
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
    /// When the subscription was made.
    public let subscribe: Int
    /// When it was disposed; `Int.max` while it is alive.
    public let unsubscribe: Int

    /// A subscription made at `subscribe` and still alive.
    public init(_ subscribe: Int) {
        self.init(subscribe, Int.max)
    }

    /// A subscription made at `subscribe` and disposed at `unsubscribe`.
    public init(_ subscribe: Int, _ unsubscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(200 : 1000)`, or `(200 : Infinity)` while alive.
    public var debugDescription: String {
        "(\(subscribe) : \(unsubscribe == Int.max ? "Infinity" : String(unsubscribe)))"
    }
}
