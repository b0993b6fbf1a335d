import Probes

/// Finds the class instances a closure context holds strongly, through the
/// boxes and reabstraction-thunk contexts in between.
enum CaptureReader {
    /// How many contexts deep to look (a thunk adds one hop, a captured `var` box another).
    static let maximumHops = 4

    static func stronglyCapturedObjects(ofContext address: UInt) -> [AnyObject] {
        let probe = ReflectionProbe.shared
        var inspector = HeapInspector()
        inspector.describes = false
        var found: [UInt] = []
        var visited: Set<UInt> = []
        var frontier = [address]
        for _ in 0...maximumHops where !frontier.isEmpty {
            var next: [UInt] = []
            for context in frontier where visited.insert(context).inserted {
                guard let layout = probe.layout(ofInstanceAt: context) else { continue }
                if layout.kind == .classInstance {
                    let isLibrary = inspector.vocabulary.isLibraryType(layout.typeName ?? "")
                    if isTracked(inspector.kind(of: layout), isLibrary: isLibrary) { found.append(context) }
                    continue
                }
                next += inspector.node(of: layout).references.filter { $0.kind == .strong && $0.isVerified }.map(
                    \.target)
            }
            frontier = next
        }
        return found.map { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: $0)!).takeUnretainedValue() }
    }

    /// The app's objects, and a library's subscription containers: a bag a
    /// closure captures lives as long as that closure, and with it every
    /// subscription it holds (the guide's "dispose bag captured").
    private static func isTracked(_ kind: RetainNode.Kind, isLibrary: Bool) -> Bool {
        kind == .subscriptionContainer || (!isLibrary && kind != .storage)
    }
}
