extension Collection where Element == Leak {
    /// The leaks as a report prints them, one line per entry: each object
    /// that needs a fix with its cycle and pattern; an object on a cycle
    /// already printed says so; an object leaked because another leaked
    /// object holds it is listed under that object instead of repeating it.
    public var listing: [String] {
        var lines: [String] = []
        var shownCycles: [Set<RetainNode>] = []
        let addresses = Set(map(\.address))
        for leak in self where leak.heldBy.map({ !addresses.contains($0) }) ?? true {
            if let cycle = leak.cycle, shownCycles.contains(Set(cycle.nodes)) {
                lines.append("\(leak.headline); in the cycle shown above")
            } else {
                if let cycle = leak.cycle { shownCycles.append(Set(cycle.nodes)) }
                lines += leak.description.split(separator: "\n").map(String.init)
            }
            let held = filter { $0.heldBy == leak.address }
            if !held.isEmpty {
                lines.append("  also kept alive by this \(leak.typeName) (fix it first):")
                lines += held.map { "    \($0.headline)" }
            }
        }
        return lines
    }
}

extension Leak {
    /// `Presenter leaked (held only by a retain cycle); tracked at Presenter.swift:12`.
    var headline: String {
        "\(typeName) leaked (\(kind.explanation)); \(trackedAt.origin == .allocated ? "" : "tracked ")\(trackedAt)"
    }
}
