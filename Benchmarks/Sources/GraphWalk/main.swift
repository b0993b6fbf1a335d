import Foundation
import Leaks

// The retain-cycle issue's scale figure: a leaked root that reaches 100,000
// objects, judged by a leak check (the graph walk, the cycle search and the
// verdict). Run: `swift run -c release GraphWalk [OBJECTS]` in Benchmarks/.

final class Node {
    var next: Node?
    var owner: Root?
}

final class Root {
    var nodes: [Node] = []
}

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
var samples: [Double] = []
for _ in 0..<5 {
    var built = 0.0
    let start = Date()
    let report = LeakCheck.run("graph walk") { scope in
        let buildStart = Date()
        let root = Root()
        root.nodes = (0..<count).map { _ in Node() }
        for index in root.nodes.indices.dropLast() { root.nodes[index].next = root.nodes[index + 1] }
        root.nodes[count - 1].owner = root
        scope.track(root)
        built = Date().timeIntervalSince(buildStart)
    }
    let seconds = Date().timeIntervalSince(start) - built
    precondition(report.leaks.first?.kind == .cycle, "the root must be found in its cycle:\n\(report)")
    samples.append(seconds)
}
samples.sort()
print(
    "leak check of a root reaching \(count) objects: median \(String(format: "%.3f", samples[2])) s, "
        + "min \(String(format: "%.3f", samples[0])) s, max \(String(format: "%.3f", samples[4])) s (5 runs, building excluded)"
)
