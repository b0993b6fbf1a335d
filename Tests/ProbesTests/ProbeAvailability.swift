import Probes

/// The reflection probe could not load RemoteMirror.
struct ReflectionUnavailable: Error, CustomStringConvertible {
    let description: String
}

extension ReflectionProbe {
    /// Throws, failing the test, when the probe did not load: the engine reads every object through it
    /// on every platform it runs on, so a test of it must never be skipped for want of it.
    func requireAvailable() throws {
        guard let reason = unavailableReason else { return }
        throw ReflectionUnavailable(description: "the reflection probe did not load: \(reason)")
    }
}
