import Dispatch
import Foundation
import Leaks

// What tracking the code under test's objects costs (docs/performance.md, "Tracking every object"):
// ns per allocation (and release) with no check open and inside one, and a check's verdict when 100,000 objects
// made in it stay alive in a cache, beside one work item that leaks. LeakTesting's allocation hook
// is linked (the LeakEngine product). Run: `swift run -c release AllocationTracking` in Benchmarks/.

final class Made {
    var value = 0
}

final class Saver {
    var pending: DispatchWorkItem?
    var saves = 0
}

/// Kept on purpose for the process's life.
nonisolated(unsafe) var cache: [Made] = []

/// An app-wide registry: plain objects, and listeners that may capture what they serve.
final class Registry {
    var objects: [Made] = []
    var listeners: [() -> Void] = []
}

nonisolated(unsafe) let registry = Registry()
/// The object made last: each allocation escapes, so none is promoted to the stack.
nonisolated(unsafe) var last: Made?

let allocations = 2_000_000

/// The median of five timings of `allocations` objects made and freed, in ns per object.
func nanosecondsPerAllocation(inCheck: Bool) -> Double {
    var samples: [Double] = []
    for _ in 0..<5 {
        var elapsed = 0.0
        let measure = {
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<allocations {
                let made = Made()
                made.value = index
                last = made
            }
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            last = nil
        }
        if inCheck {
            _ = LeakCheck.run("allocations") { _ in measure() }
        } else {
            measure()
        }
        samples.append(elapsed / Double(allocations))
    }
    return samples.sorted()[2]
}

print(String(format: "allocation, no check open: %.1f ns", nanosecondsPerAllocation(inCheck: false)))
print(String(format: "allocation of a tracked class in a check: %.1f ns", nanosecondsPerAllocation(inCheck: true)))
// With RXLEAKS_TRACK_MODULES naming another module, the second figure is an untracked class's.
guard ProcessInfo.processInfo.environment["RXLEAKS_TRACK_MODULES"] == nil else { exit(0) }

var verdicts: [Double] = []
for _ in 0..<5 {
    var made = 0.0
    let start = Date()
    let report = LeakCheck.run("100,000 kept") { _ in
        let buildStart = Date()
        cache = (0..<100_000).map { _ in Made() }
        let saver = Saver()
        saver.pending = DispatchWorkItem { saver.saves += 1 }
        made = Date().timeIntervalSince(buildStart)
    }
    precondition(report.leaks.map(\.typeName) == ["Saver"], "the work item's owner must be the one leak:\n\(report)")
    verdicts.append(Date().timeIntervalSince(start) - made)
}
print(
    String(
        format: "verdict of a check leaving 100,000 objects it made in a cache and one leaked work item: median %.3f s",
        verdicts.sorted()[2]))

// The root search: a check whose one object left is held by a listener the registry keeps, found past the
// 100,000 plain objects (made before the check) the same global keeps.
cache = []
registry.objects = (0..<100_000).map { _ in Made() }
var searches: [Double] = []
for _ in 0..<5 {
    let start = Date()
    let report = LeakCheck.run("held from a global") { _ in
        let saver = Saver()
        registry.listeners.append { saver.saves += 1 }
    }
    searches.append(Date().timeIntervalSince(start))
    precondition(
        report.leaks.map(\.pattern?.id) == ["global-keeps-closure"],
        "the listener's capture must be the one leak:\n\(report)")
    registry.listeners.removeAll()
}
print(
    String(
        format: "check whose one leak is found from a global past 100,000 objects it keeps: median %.3f s",
        searches.sorted()[2]))
