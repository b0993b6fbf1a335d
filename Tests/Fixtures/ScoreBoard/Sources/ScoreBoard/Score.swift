/// A player's score: plain values, tested without RxSwift.
public struct Score: Equatable, Comparable {
    public let player: String
    public let points: Int

    public init(player: String, points: Int) {
        (self.player, self.points) = (player, points)
    }

    public static func < (lhs: Score, rhs: Score) -> Bool {
        lhs.points == rhs.points ? lhs.player > rhs.player : lhs.points < rhs.points
    }

    /// The scores best first.
    public static func ranking(_ scores: [Score]) -> [Score] {
        scores.sorted(by: >)
    }
}
