/// The public call that made a subscription. One byte in each subscription
/// handle, where the name as a `String` would take sixteen.
@usableFromInline
enum SubscriptionVerb: UInt8, CustomStringConvertible, Sendable {
    case subscribe, bind, drive, emit

    /// `subscribe`, `bind`, `drive` or `emit`.
    @usableFromInline
    var description: String {
        switch self {
        case .subscribe: "subscribe"
        case .bind: "bind"
        case .drive: "drive"
        case .emit: "emit"
        }
    }
}
