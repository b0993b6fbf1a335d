import CMallocCounter

/// Samples of one workload in one variant, in nanoseconds per operation.
struct Measurement {
    let samples: [Double]
    let allocationsPerOp: Double
    var median: Double { let s = samples.sorted(); return s[s.count / 2] }
    var min: Double { samples.min()! }
    var max: Double { samples.max()! }

    /// The median, over pairs of consecutive rounds, of this variant's time ÷
    /// `other`'s: each pair's quotient is the geometric mean of its two rounds'
    /// quotients. The variants of a round run back to back, so a slow phase
    /// of the machine hits both sides of each quotient; and a pair's rounds
    /// run the first two variants in opposite orders (see ``measure``), so
    /// whatever the variant run first after the others meets, it meets in one
    /// round of the pair and `other` in the next, and the two cancel.
    func ratio(to other: Measurement) -> Double {
        let quotients = zip(samples, other.samples).map { $0 / $1 }
        let pairs = stride(from: 0, to: quotients.count - 1, by: 2).map {
            (quotients[$0] * quotients[$0 + 1]).squareRoot()
        }.sorted()
        return pairs[pairs.count / 2]
    }
}

/// Measures the variants of one workload: one warm-up run each, then
/// `sampleCount` rounds (an even number: ratios pair them) that time `n`
/// operations of every variant in turn, so load from other processes hits all
/// variants alike and the ratios hold; then one run each with the malloc
/// counter on (kept apart so counting never skews timing).
///
/// The variant run right after another workload runs measurably slower (it
/// meets the heap and caches that workload left: OpenCombine's (c) leaves 100k
/// subscriptions' worth of freed memory). So each round runs the variants
/// after the first two (OpenCombine) first, then the first two (RxCore with
/// accounting on and off) in an order that alternates from round to round:
/// each of the two follows OpenCombine in every other round. Rotating all the
/// variants instead put "on" after OpenCombine in seven rounds of nine and
/// "off" in three.
func measure(_ n: Int, samples sampleCount: Int, _ variants: [(Int) -> UInt64]) -> [Measurement] {
    precondition(sampleCount.isMultiple(of: 2), "an even number of rounds: ratios pair them")
    for body in variants { _ = body(n) }
    var samples = Array(repeating: [Double](), count: variants.count)
    let pair = Array(variants.indices.prefix(2)), others = Array(variants.indices.dropFirst(2))
    for round in 0..<sampleCount {
        for v in others + (round.isMultiple(of: 2) ? pair : pair.reversed()) {
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
