import Testing

/// A Swift Testing trait that asks the whole-suite mode (`rxleaks test`) not
/// to judge a test's leaks, or those of every test of a suite: they are listed
/// as left out, with the reason, and do not fail the run.
///
/// ```swift
/// @Test(.leaksIgnored(because: "the legacy checkout keeps its screen until it is rewritten"))
/// func legacyCheckout() { … }
/// ```
public struct LeaksIgnoredTrait: TestTrait, SuiteTrait {
    /// Why the test's leaks are not judged: printed with them.
    public let reason: String

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }
}

extension Trait where Self == LeaksIgnoredTrait {
    /// Leaves the test's leaks out of `rxleaks test`'s verdict, with `reason`.
    public static func leaksIgnored(because reason: String) -> Self { LeaksIgnoredTrait(reason: reason) }
}
