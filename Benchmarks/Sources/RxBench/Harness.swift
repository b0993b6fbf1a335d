import CMallocCounter

/// Samples of one workload in one variant, in nanoseconds per operation.
struct Measurement {
    let samples: [Double]
    let allocationsPerOp: Double
    var median: Double { let s = samples.sorted(); return s[s.count / 2] }
    var min: Double { samples.min()! }
    var max: Double { samples.max()! }
}

/// Measures the variants of one workload: one warm-up run each, then
/// `sampleCount` rounds that time `n` operations of every variant in turn (so
/// load from other processes hits all variants alike and the ratios hold), then
/// one run each with the malloc counter on (kept apart so counting never skews timing).
func measure(_ n: Int, samples sampleCount: Int, _ variants: [(Int) -> UInt64]) -> [Measurement] {
    for body in variants { _ = body(n) }
    var samples = Array(repeating: [Double](), count: variants.count)
    for _ in 0..<sampleCount {
        for (v, body) in variants.enumerated() { samples[v].append(Double(body(n)) / Double(n)) }
    }
    return variants.enumerated().map { v, body in
        malloc_counter_enable(1)
        let before = malloc_counter_value()
        _ = body(n)
        let allocations = malloc_counter_value() - before
        malloc_counter_enable(0)
        return Measurement(samples: samples[v], allocationsPerOp: Double(allocations) / Double(n))
    }
}
