import RxCore

/// Tracks, for a leak check, the objects that closures handed to RxCore
/// capture strongly, and remembers which operator took each closure so the
/// retain graph can name it.
final class ClosureCaptureTracker: ResourceScopeObserver, @unchecked Sendable {
    private unowned let scope: LeakScope

    init(scope: LeakScope) {
        self.scope = scope
    }

    func scope(_ resourceScope: ResourceScope, received closure: ClosureReceipt) {
        guard let context = closure.context else { return }
        let address = UInt(bitPattern: context)
        scope.closures.record(address, operatorName: closure.operatorName, site: closure.site)
        for object in CaptureReader.stronglyCapturedObjects(ofContext: address) {
            let site = TrackingSite(origin: .closureCapture, file: closure.site.file, line: closure.site.line,
                                    operatorName: closure.operatorName, backtrace: nil)
            scope.add(object, site: site)
        }
    }
}
