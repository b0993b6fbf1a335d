import ScoreBoard
import Testing

@Suite struct ScoreTests {
    @Test func ranksTheHighestFirst() {
        let ranking = Score.ranking([Score(player: "ann", points: 3), Score(player: "bob", points: 5)])
        #expect(ranking.map(\.player) == ["bob", "ann"])
    }

    @Test(arguments: [1, 2]) func breaksATieByName(points: Int) {
        let ranking = Score.ranking([Score(player: "bob", points: points), Score(player: "ann", points: points)])
        #expect(ranking.map(\.player) == ["ann", "bob"])
    }
}
