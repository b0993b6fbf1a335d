import CMallocCounter

/// Samples of one workload in one variant, in nanoseconds per operation.
struct Measurement {
    let samples: [Double]
    let allocationsPerOp: Double
    var median: Double { let s = samples.sorted(); return s[s.count / 2] }
    var min: Double { samples.min()! }
    var max: Double { samples.max()! }

    /// The median over rounds of this variant's time ÷ `other`'s in the same
    /// round. The variants of a round run back to back, so a slow phase of the
    /// machine hits both sides of each quotient; the ratio of the two medians
    /// can pair a sample from a slow phase with one from a fast phase.
    func ratio(to other: Measurement) -> Double {
        let quotients = zip(samples, other.samples).map { $0 / $1 }.sorted()
        return quotients[quotients.count / 2]
    }
}

/// Measures the variants of one workload: one warm-up run each, then
/// `sampleCount` rounds that time `n` operations of every variant in turn (so
/// load from other processes hits all variants alike and the ratios hold), each
/// variant first in as many rounds as the others when `sampleCount` is a
/// multiple of the variant count, then
/// one run each with the malloc counter on (kept apart so counting never skews timing).
func measure(_ n: Int, samples sampleCount: Int, _ variants: [(Int) -> UInt64]) -> [Measurement] {
    for body in variants { _ = body(n) }
    var samples = Array(repeating: [Double](), count: variants.count)
    for round in 0..<sampleCount {
        // Each round starts with the next variant: whichever runs first in a
        // round runs measurably slower (it meets the heap and caches the
        // previous round left), so a fixed order would bias the ratios.
        for position in variants.indices {
            let v = (round + position) % variants.count
            samples[v].append(Double(variants[v](n)) / Double(n))
        }
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
