import Foundation

/// A callback API over a store: `load` calls back with the item, or drops the completion when the id is
/// unknown (its error path).
public final class LegacyStore: Sendable {
    public init() {}

    public func load(id: Int, completion: @escaping @Sendable (String) -> Void) {
        guard id > 0 else { return }
        completion("item \(id)")
    }
}

/// async/await over the store: on an unknown id the continuation is freed unresumed (the runtime prints
/// SWIFT TASK CONTINUATION MISUSE: run() leaked its continuation without resuming it) and the task awaiting
/// `run()` is suspended for ever, with the request in its frame.
public final class LegacyRequest: Sendable {
    public let id: Int
    private let store = LegacyStore()

    public init(id: Int) { self.id = id }

    public func run() async -> String {
        await withCheckedContinuation { continuation in
            store.load(id: id) { continuation.resume(returning: $0) }
        }
    }
}

/// The fixed store: its error path calls back too.
public final class FixedLegacyStore: Sendable {
    public init() {}

    public func load(id: Int, completion: @escaping @Sendable (String?) -> Void) {
        guard id > 0 else { return completion(nil) }
        completion("item \(id)")
    }
}

/// The continuation is resumed on every path.
public final class FixedLegacyRequest: Sendable {
    public let id: Int
    private let store = FixedLegacyStore()

    public init(id: Int) { self.id = id }

    public func run() async -> String? {
        await withCheckedContinuation { continuation in
            store.load(id: id) { continuation.resume(returning: $0) }
        }
    }
}

/// A look-alike: the store answers a moment later, from a queue, on every path.
public final class SlowRequest: Sendable {
    public init() {}

    public func run() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { continuation.resume(returning: "late") }
        }
    }
}
