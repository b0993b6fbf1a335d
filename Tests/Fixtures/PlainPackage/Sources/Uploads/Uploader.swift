/// Sends a file in chunks and reports its progress through a handler it keeps.
public final class Uploader {
    public private(set) var progress = 0.0
    private var onChunk: ((Double) -> Void)?

    public init() {}

    /// Starts the upload: the handler captures `self` strongly, so the uploader keeps itself.
    public func start() {
        onChunk = { fraction in self.progress = fraction }
        onChunk?(0.5)
    }

    /// Starts the upload with a handler that captures `self` weakly.
    public func startWeakly() {
        onChunk = { [weak self] fraction in self?.progress = fraction }
        onChunk?(0.5)
    }
}
