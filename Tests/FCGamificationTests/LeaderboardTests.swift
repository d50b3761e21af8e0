import FCGamification
import Testing

/// Leaderboard ranking: standard competition ranks, ties, the current learner, the top-50 cut.
struct LeaderboardTests {
    let today = day("2026-03-08")

    func stats(_ id: Int64, _ name: String, cards: Int = 0, topics: Int = 0, xp: Int = 0) -> DailyStats {
        DailyStats(learnerID: id, name: name, day: today, cardsReviewed: cards, topicsExplored: topics, xp: xp)
    }

    @Test func tiesShareARankAndTheNextRankSkips() {
        let board = Leaderboard.rank(
            [
                stats(1, "ann", cards: 7), stats(2, "Bob", cards: 9), stats(3, "cy", cards: 7),
                stats(4, "dee", cards: 5),
            ],
            by: .cards, currentLearnerID: 3)
        #expect(board.entries.map(\.rank) == [1, 2, 2, 4])
        #expect(board.entries.map(\.stats.name) == ["Bob", "ann", "cy", "dee"])
        #expect(board.entries.map(\.isCurrentLearner) == [false, false, true, false])
        #expect(board.currentLearner?.rank == 2)
    }

    @Test func theMetricDecidesTheOrder() {
        let rows = [stats(1, "a", cards: 10, topics: 1, xp: 50), stats(2, "b", cards: 2, topics: 3, xp: 500)]
        #expect(Leaderboard.rank(rows, by: .cards, currentLearnerID: nil).entries.map(\.stats.learnerID) == [1, 2])
        #expect(Leaderboard.rank(rows, by: .topics, currentLearnerID: nil).entries.map(\.value) == [3, 1])
        #expect(Leaderboard.rank(rows, by: .xp, currentLearnerID: nil).entries.first?.stats.name == "b")
    }

    @Test func topFiftyWithTheCurrentLearnerReportedOutsideIt() {
        let rows = (1...60).map { stats(Int64($0), "learner\($0)", xp: 1000 - $0) }
        let board = Leaderboard.rank(rows, by: .xp, currentLearnerID: 55)
        #expect(board.entries.count == 50)
        #expect(board.entries.last?.rank == 50)
        #expect(board.entries.allSatisfy { !$0.isCurrentLearner })
        #expect(board.currentLearner?.rank == 55 && board.currentLearner?.isCurrentLearner == true)
    }

    @Test func allTiedLearnersShareRankOne() {
        let board = Leaderboard.rank((1...3).map { stats(Int64($0), "x", cards: 4) }, by: .cards, currentLearnerID: 9)
        #expect(board.entries.map(\.rank) == [1, 1, 1])
        #expect(board.entries.map(\.stats.learnerID) == [1, 2, 3])
        #expect(board.currentLearner == nil)
    }

    @Test func statsComeFromTheStateForItsDay() {
        var learner = Learner()
        learner.review(1, topic: 1, at: instant("2026-03-08T10:00:00Z"))
        learner.review(2, topic: 2, at: instant("2026-03-08T10:00:00Z"))
        let row = learner.state.dailyStats(name: "me", on: today)
        #expect(row.cardsReviewed == 2 && row.topicsExplored == 2 && row.achievementsUnlocked == 1)
        #expect(row.xp == learner.state.totalXP)
        #expect(learner.state.dailyStats(name: "me", on: today.next).cardsReviewed == 0)
    }
}
