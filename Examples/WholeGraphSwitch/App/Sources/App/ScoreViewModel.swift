import RxPolling
import RxSwift

/// What the app shows: each score change, through the library's `pairwise`.
public final class ScoreViewModel {
    public let changes: Observable<String>

    public init(scores: Observable<Int>) {
        changes = scores.pairwise().map { previous, current in "\(previous) → \(current)" }
    }
}
