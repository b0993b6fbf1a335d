import Foundation
import RxSwift

/// The scores the app publishes, for every board to follow.
public enum Scores {
    public static let feed = PublishSubject<Int>()
}

/// Follows the scores over RxSwift's async bridge from a task it keeps and cancels in `deinit`: the loop holds
/// `self` strongly, so `deinit` never runs and the task follows the feed for ever with the board.
public final class ScoreBoard {
    public private(set) var total = 0
    private var task: Task<Void, Error>?

    public init() {
        task = Task { for try await score in Scores.feed.values { self.total += score } }
    }

    deinit { task?.cancel() }
}

/// The fixed board: the loop holds `self` only while it adds a score, so `deinit` runs and cancels the task.
public final class FixedScoreBoard {
    public private(set) var total = 0
    private var task: Task<Void, Error>?

    public init() {
        task = Task { [weak self] in
            for try await score in Scores.feed.values {
                guard let self else { return }
                self.total += score
            }
        }
    }

    deinit { task?.cancel() }
}

/// Polls from a task it keeps and cancels in `deinit`: the `while` loop holds `self` strongly, so `deinit`
/// never runs and the task polls for ever.
public final class Poller {
    public private(set) var polls = 0
    private var task: Task<Void, Never>?

    public init() {
        task = Task {
            while !Task.isCancelled {
                self.polls += 1
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }

    deinit { task?.cancel() }
}

/// The fixed poller: each round holds `self` only while it polls, so `deinit` runs and cancels the task.
public final class FixedPoller {
    public private(set) var polls = 0
    private var task: Task<Void, Never>?

    public init() {
        task = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                self.polls += 1
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }

    deinit { task?.cancel() }
}
