import Foundation

/// A transport that calls back once the network answers: `deliver()` resumes every download waiting on it,
/// and those that wait after it at once.
public final class Transport: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<String, Never>] = []
    private var delivered = false

    public init() {}

    func wait(_ continuation: CheckedContinuation<String, Never>) {
        let now = lock.withLock {
            if !delivered { waiting.append(continuation) }
            return delivered
        }
        if now { continuation.resume(returning: "payload") }
    }

    public func deliver() {
        let finished = lock.withLock {
            defer { (waiting, delivered) = ([], true) }
            return waiting
        }
        finished.forEach { $0.resume(returning: "payload") }
    }
}

/// Keeps the continuation of its fetch until `finish()`: held only by the task awaiting `fetch()`, nothing
/// can ever call `finish()`, and the task stays suspended for ever with the downloader.
public final class Downloader: @unchecked Sendable {
    private var continuation: CheckedContinuation<String, Never>?

    public init() {}

    public func fetch() async -> String {
        await withCheckedContinuation { continuation in
            self.continuation = continuation
        }
    }

    public func finish() {
        continuation?.resume(returning: "payload")
        continuation = nil
    }
}

/// The fixed downloader: the continuation is kept by the transport, its owner, which resumes (or fails) it
/// whoever holds the downloader.
public final class FixedDownloader: Sendable {
    private let transport: Transport

    public init(transport: Transport) { self.transport = transport }

    public func fetch() async -> String {
        await withCheckedContinuation { continuation in
            transport.wait(continuation)
        }
    }
}
