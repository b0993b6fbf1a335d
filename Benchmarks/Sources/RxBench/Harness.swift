import CMallocCounter

/// Samples of one workload in one variant, in nanoseconds per operation.
struct Measurement {
    let samples: [Double]
    let allocationsPerOp: Double
    var median: Double { let s = samples.sorted(); return s[s.count / 2] }
    var min: Double { samples.min()! }
    var max: Double { samples.max()! }
}

/// One warm-up run, `sampleCount` timed runs of `n` operations, then one
/// run with the malloc counter on (kept apart so counting never skews timing).
func measure(_ n: Int, samples sampleCount: Int, _ body: (Int) -> UInt64) -> Measurement {
    _ = body(n)
    let samples = (0..<sampleCount).map { _ in Double(body(n)) / Double(n) }
    malloc_counter_enable(1)
    let before = malloc_counter_value()
    _ = body(n)
    let allocations = malloc_counter_value() - before
    malloc_counter_enable(0)
    return Measurement(samples: samples, allocationsPerOp: Double(allocations) / Double(n))
}
