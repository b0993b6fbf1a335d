import RxSwift

public final class FeedEvent {
    public init() {}
}

/// Publishes each refresh into a subject that replays every event it was ever sent to each new subscriber:
/// every refresh keeps one more event for ever.
public final class FeedService {
    public static let shared = FeedService()
    private let history = ReplaySubject<FeedEvent>.createUnbounded()

    public func refresh() {
        history.onNext(FeedEvent())
    }

    /// The oracle: how many events a new subscriber is replayed.
    public func replayed() -> Int {
        var count = 0
        history.subscribe(onNext: { _ in count += 1 }).dispose()
        return count
    }
}

/// The twin: the subject replays the latest event only.
public final class LatestFeedService {
    public static let shared = LatestFeedService()
    private let latest = ReplaySubject<FeedEvent>.create(bufferSize: 1)

    public func refresh() {
        latest.onNext(FeedEvent())
    }

    /// The oracle: how many events a new subscriber is replayed.
    public func replayed() -> Int {
        var count = 0
        latest.subscribe(onNext: { _ in count += 1 }).dispose()
        return count
    }
}
