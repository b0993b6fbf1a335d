import Foundation
import RxWorkloads
import RxWorkloadsUnaccounted
import BenchSupport

/// A workload of issues 7 and 15 with its targets (nil: no target of that kind).
struct Workload {
    let id: String
    let title: String
    let unit: String
    let n: Int
    let on: (Int) -> UInt64
    let off: (Int) -> UInt64
    let openCombine: ((Int) -> UInt64)?
    let target: Double?
    let maxCombineRatio: Double?
    let maxOnOffRatio: Double?
}

let arguments = CommandLine.arguments.dropFirst()
let outputDirectory = arguments.first { !$0.hasPrefix("-") } ?? "results"
let scale = arguments.contains("--quick") ? 10 : 1
/// Rounds per workload, an even number; `--samples N` for more when a ratio needs a closer look.
let sampleCount = arguments.firstIndex(of: "--samples").flatMap { Int(arguments[arguments.index(after: $0)]) } ?? 20
if sampleCount < 2 || !sampleCount.isMultiple(of: 2) {
    FileHandle.standardError.write(
        Data("RxBench: --samples takes an even number of rounds, 2 or more (ratios pair them)\n".utf8))
    exit(2)
}

let workloads = [
    Workload(
        id: "a", title: "subject → map → filter → 1 subscriber", unit: "event", n: 500_000 / scale,
        on: RxWorkloads.RxSuite.a, off: RxWorkloadsUnaccounted.RxSuite.a, openCombine: CombineSuite.a,
        target: 60, maxCombineRatio: 0.6, maxOnOffRatio: 1.05),
    Workload(
        id: "b", title: "just(1).map.filter, subscribe + dispose", unit: "op", n: 100_000 / scale,
        on: RxWorkloads.RxSuite.b, off: RxWorkloadsUnaccounted.RxSuite.b, openCombine: CombineSuite.b,
        target: 600, maxCombineRatio: 0.6, maxOnOffRatio: 1.10),
    Workload(
        id: "c", title: "100k subscriptions into a bag, bag freed", unit: "subscription", n: 100_000,
        on: RxWorkloads.RxSuite.c, off: RxWorkloadsUnaccounted.RxSuite.c, openCombine: CombineSuite.c,
        target: 450, maxCombineRatio: 0.3, maxOnOffRatio: 1.10),
    Workload(
        id: "d", title: "flatMap { just($0) }", unit: "event", n: 200_000 / scale,
        on: RxWorkloads.RxSuite.d, off: RxWorkloadsUnaccounted.RxSuite.d, openCombine: CombineSuite.d,
        target: 300, maxCombineRatio: 0.6, maxOnOffRatio: nil),
    Workload(
        id: "e", title: "1 subject, 1,000 subscribers", unit: "delivery", n: 1_000_000 / scale,
        on: RxWorkloads.RxSuite.e, off: RxWorkloadsUnaccounted.RxSuite.e, openCombine: CombineSuite.e,
        target: 40, maxCombineRatio: 0.6, maxOnOffRatio: 1.05),
    // OpenCombine 0.14 has no CombineLatest: no OpenCombine figure.
    Workload(
        id: "f", title: "combineLatest of two BehaviorSubjects", unit: "emission", n: 500_000 / scale,
        on: RxWorkloads.RxSuite.f, off: RxWorkloadsUnaccounted.RxSuite.f, openCombine: nil,
        target: 200, maxCombineRatio: nil, maxOnOffRatio: nil),
    // OpenCombine: multicast through a CurrentValueSubject (no share(replay:) in 0.14).
    Workload(
        id: "g", title: "share(replay: 1), 100 subscribers", unit: "delivery", n: 1_000_000 / scale,
        on: RxWorkloads.RxSuite.g, off: RxWorkloadsUnaccounted.RxSuite.g, openCombine: CombineSuite.g,
        target: nil, maxCombineRatio: nil, maxOnOffRatio: nil),
    Workload(
        id: "h", title: "8-operator chain (map, filter, compactMap, map, scan, distinctUntilChanged, filter, map)",
        unit: "event", n: 500_000 / scale,
        on: RxWorkloads.RxSuite.h, off: RxWorkloadsUnaccounted.RxSuite.h, openCombine: CombineSuite.h,
        target: nil, maxCombineRatio: nil, maxOnOffRatio: nil),
    Workload(
        id: "i", title: "observe(on:) a serial dispatch scheduler", unit: "event", n: 200_000 / scale,
        on: RxWorkloads.RxSuite.i, off: RxWorkloadsUnaccounted.RxSuite.i, openCombine: CombineSuite.i,
        target: nil, maxCombineRatio: nil, maxOnOffRatio: nil),
]

func log(_ message: String) { FileHandle.standardError.write(Data((message + "\n").utf8)) }

struct Row {
    let workload: Workload
    let on: Measurement
    let off: Measurement
    let openCombine: Measurement?
}

// `--profile ID [N] [--off] [--mallocs]`: only workload ID, N operations, with
// accounting on (or off with `--off`), for callgrind or perf.
if let index = arguments.firstIndex(of: "--profile") {
    let id = arguments[arguments.index(after: index)]
    let rest = arguments[arguments.index(index, offsetBy: 2)...]
    let w = workloads.first { $0.id == id }!
    let n = rest.first.flatMap { Int($0) } ?? w.n
    let run = rest.contains("--off") ? w.off : w.on
    log("profiling \(id): \(Double(run(n)) / Double(n)) ns per \(w.unit)")
    if rest.contains("--mallocs") {
        let m = measure(n, samples: 0, [run])[0]
        log("allocations: \(m.allocationsPerOp) per \(w.unit)")
    }
    exit(0)
}

// `--compare IDS`: only the workloads named (comma-separated), measured as the
// full run measures them, printed and not written to results: for trying a change.
if let index = arguments.firstIndex(of: "--compare") {
    let ids = arguments[arguments.index(after: index)].split(separator: ",").map(String.init)
    for w in workloads where ids.contains(w.id) {
        let m = measure(w.n, samples: sampleCount, [w.on, w.off] + (w.openCombine.map { [$0] } ?? []))
        let oc = m.count > 2 ? String(format: ", OpenCombine %.1f (%.2f×)", m[2].median, m[0].ratio(to: m[2])) : ""
        print(
            String(
                format: "%@: on %.1f, off %.1f ns per %@ (on/off %.2f)", w.id, m[0].median, m[1].median, w.unit,
                m[0].ratio(to: m[1])) + oc)
    }
    exit(0)
}

var rows: [Row] = []
for w in workloads {
    log("workload \(w.id): \(w.title)")
    let m = measure(w.n, samples: sampleCount, [w.on, w.off] + (w.openCombine.map { [$0] } ?? []))
    rows.append(Row(workload: w, on: m[0], off: m[1], openCombine: m.count > 2 ? m[2] : nil))
}

log("backtraces on (b, c)")
/// `body` with a backtrace captured for every subscription, interleaved with the plain run.
func withBacktraces(_ body: @escaping (Int) -> UInt64) -> [(Int) -> UInt64] {
    [
        body,
        { n in
            RxWorkloads.RxSuite.setBacktraces(true)
            defer { RxWorkloads.RxSuite.setBacktraces(false) }
            return body(n)
        },
    ]
}
let (plainB, backtraceB) = { ($0[0], $0[1]) }(
    measure(workloads[1].n, samples: sampleCount, withBacktraces(RxWorkloads.RxSuite.b)))
let (plainC, backtraceC) = { ($0[0], $0[1]) }(
    measure(workloads[2].n, samples: sampleCount, withBacktraces(RxWorkloads.RxSuite.c)))

/// Resident set size in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
    let pages = Int(statm.split(separator: " ")[1]) ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

log("soak: 1,000,000 subscribe/dispose cycles")
let soakCycles = 1_000_000 / scale
RxWorkloads.RxSuite.soak(10_000)
let rssBefore = residentBytes()
let soakStart = now()
RxWorkloads.RxSuite.soak(soakCycles)
let soakNs = Double(now() - soakStart) / Double(soakCycles)
let rssAfter = residentBytes()

// MARK: Report

func ns(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}
func ratio(_ value: Double) -> String { String(format: "%.2f", value) }
func stats(_ m: Measurement) -> String { "\(ns(m.median)) (\(ns(m.min))–\(ns(m.max)))" }
func verdict(_ ok: Bool) -> String { ok ? "met" : "**missed**" }

var md = """
    # RxCore benchmarks

    Median ns per operation over \(sampleCount) samples after a warm-up, release build (`Benchmarks/build`:
    functions aligned to 64 bytes, so that both RxCore builds place their code alike), min–max in
    parentheses; all variants in one process, their samples interleaved: each round runs OpenCombine, then
    RxCore on and off in an order that alternates from round to round. The ratios (on/off, RxCore/OpenCombine)
    are medians over pairs of rounds of the geometric mean of the pair's two quotients. "RxCore on"
    is the default build (resource accounting on), "RxCore off" the same sources compiled with
    `RXCORE_NO_ACCOUNTING`. OpenCombine 0.14.

    | workload | RxCore on | RxCore off | on/off | OpenCombine | RxCore/OpenCombine | target |
    | --- | ---: | ---: | ---: | ---: | ---: | --- |

    """
for r in rows {
    let w = r.workload
    let onOff = r.on.ratio(to: r.off)
    var targets = w.target.map { ["≤ \(ns($0)) ns/\(w.unit): \(verdict(r.on.median <= $0))"] } ?? []
    var combineCell = "n/a", combineRatioCell = "—"
    if let oc = r.openCombine {
        combineCell = stats(oc)
        let q = r.on.ratio(to: oc)
        combineRatioCell = ratio(q)
        if let limit = w.maxCombineRatio { targets.append("÷OC ≤ \(ratio(limit)): \(verdict(q <= limit))") }
    }
    if let limit = w.maxOnOffRatio { targets.append("on/off ≤ \(ratio(limit)): \(verdict(onOff <= limit))") }
    md += "| \(w.id). \(w.title) (per \(w.unit)) | \(stats(r.on)) | \(stats(r.off)) | \(ratio(onOff)) | "
    md += "\(combineCell) | \(combineRatioCell) | \(targets.isEmpty ? "—" : targets.joined(separator: "; ")) |\n"
}

md += """

    ## Allocations per operation (malloc-family calls)

    | workload | RxCore on | RxCore off | OpenCombine |
    | --- | ---: | ---: | ---: |

    """
for r in rows {
    md += "| \(r.workload.id) | \(String(format: "%.2f", r.on.allocationsPerOp)) | "
    md += "\(String(format: "%.2f", r.off.allocationsPerOp)) | "
    md += "\(r.openCombine.map { String(format: "%.2f", $0.allocationsPerOp) } ?? "—") |\n"
}

let btB = backtraceB.median - plainB.median
let btC = backtraceC.median - plainC.median
md += """

    ## Backtraces on (libunwind capture per subscription, accounting on)

    | workload | backtraces on | accounting on | added per subscription | target ≤ 400 ns |
    | --- | ---: | ---: | ---: | --- |
    | b | \(stats(backtraceB)) | \(stats(plainB)) | \(ns(btB)) | \(verdict(btB <= 400)) |
    | c | \(stats(backtraceC)) | \(stats(plainC)) | \(ns(btC)) | \(verdict(btC <= 400)) |

    ## Soak

    \(soakCycles) subscribe/dispose cycles on one PublishSubject (accounting on), \(ns(soakNs)) ns per cycle:
    resident memory \(rssBefore / 1024) KiB before, \(rssAfter / 1024) KiB after, growth \((rssAfter - rssBefore) / 1024) KiB
    (target ≤ 1024 KiB: \(verdict(rssAfter - rssBefore <= 1_048_576))).

    """

try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
try md.write(toFile: outputDirectory + "/results.md", atomically: true, encoding: .utf8)
try chart(rows.map { ($0.workload.id, $0.workload.unit, $0.on.median, $0.off.median, $0.openCombine?.median) })
    .write(toFile: outputDirectory + "/chart.svg", atomically: true, encoding: .utf8)
print(md)
