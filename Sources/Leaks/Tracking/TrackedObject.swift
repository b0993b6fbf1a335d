import Probes

/// An object a leak check watches, without a strong reference and without
/// changing its class.
final class TrackedObject: @unchecked Sendable {
    let address: UInt
    let typeName: String
    private let pending: PendingTrackingSite
    private let watch: DeathWatch
    /// Raw return addresses from where it was tracked, when backtraces are on.
    let backtrace: [UInt]?

    init(
        _ object: AnyObject, site: PendingTrackingSite,
        backtrace: [UInt]? = Backtraces.isEnabled ? Backtrace.capture(skip: 2) : nil
    ) {
        self.address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        self.typeName = String(describing: type(of: object))
        self.pending = site
        self.watch = DeathWatch(object)
        self.backtrace = backtrace
    }

    var isAlive: Bool { watch.isAlive }

    /// How it was found, known without placing its site in the source.
    var origin: TrackingSite.Origin { pending.origin }

    /// Where it was tracked.
    var site: TrackingSite { pending.resolved }

    /// Where it was tracked, with the backtrace symbolicated when one was captured.
    var symbolicatedSite: TrackingSite {
        let site = site
        guard let backtrace else { return site }
        let frames = Backtrace.symbolicate(backtrace).map(\.description)
        return TrackingSite(
            origin: site.origin, file: site.file, line: site.line, operatorName: site.operatorName, backtrace: frames)
    }

    /// Stops watching; the object's memory may be reclaimed afterwards.
    func release() { watch.release() }
}

/// Where an object came to be tracked, with the call's place in the source
/// still to be found: for an operator's call site that takes symbolication
/// (tens of microseconds per site), which only a report that names the
/// object needs, so a check that finds nothing never pays for it.
struct PendingTrackingSite: Sendable {
    let origin: TrackingSite.Origin
    let operatorName: String?
    let place: @Sendable () -> SourceSite

    /// A `track` call's site, known at once.
    static func explicit(file: String, line: UInt) -> Self {
        let site = SourceSite(file: file, line: line)
        return Self(origin: .explicit, operatorName: nil, place: { site })
    }

    var resolved: TrackingSite {
        let site = place()
        return TrackingSite(
            origin: origin, file: site.file, line: site.line, operatorName: operatorName, backtrace: nil)
    }
}
