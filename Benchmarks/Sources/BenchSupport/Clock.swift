#if canImport(Glibc)
import Glibc
#endif

/// Monotonic nanoseconds.
@inline(__always)
public func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// A sink the optimiser cannot see through, so delivered values are not dead code.
@inline(never)
public func consume(_ value: Int) { blackHole &+= value }
nonisolated(unsafe) var blackHole = 0
