/// An object a leak check watches, without a strong reference and without
/// changing its class.
final class TrackedObject: @unchecked Sendable {
    let address: UInt
    let typeName: String
    let site: TrackingSite
    private let watch: ObjectWatch
    /// Raw return addresses from where it was tracked, when backtraces are on.
    let backtrace: [UInt]?

    init(_ object: AnyObject, site: TrackingSite, backtrace: [UInt]?) {
        self.address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        self.typeName = String(describing: type(of: object))
        self.site = site
        self.watch = ObjectWatch(object)
        self.backtrace = backtrace
    }

    var isAlive: Bool { watch.isAlive }

    /// Stops watching; the object's memory may be reclaimed afterwards.
    func release() { watch.release() }
}
