import Probes

/// An object a leak check watches, without a strong reference and without
/// changing its class.
final class TrackedObject: @unchecked Sendable {
    let address: UInt
    let typeName: String
    let site: TrackingSite
    private let watch: DeathWatch
    /// Raw return addresses from where it was tracked, when backtraces are on.
    let backtrace: [UInt]?

    init(_ object: AnyObject, site: TrackingSite, backtrace: [UInt]? = Backtraces.isEnabled ? Backtrace.capture(skip: 2) : nil) {
        self.address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        self.typeName = String(describing: type(of: object))
        self.site = site
        self.watch = DeathWatch(object)
        self.backtrace = backtrace
    }

    var isAlive: Bool { watch.isAlive }

    /// Where it was tracked, with the backtrace symbolicated when one was captured.
    var symbolicatedSite: TrackingSite {
        guard let backtrace else { return site }
        let frames = Backtrace.symbolicate(backtrace).map(\.description)
        return TrackingSite(origin: site.origin, file: site.file, line: site.line, operatorName: site.operatorName, backtrace: frames)
    }

    /// Stops watching; the object's memory may be reclaimed afterwards.
    func release() { watch.release() }
}
