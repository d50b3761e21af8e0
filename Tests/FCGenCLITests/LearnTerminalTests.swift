import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `fcgen learn` driven through a real pseudo-terminal (raw-key mode): keys are single keystrokes, not lines.
@Suite(.serialized)
struct LearnTerminalTests {
    @Test func aLearnSessionThroughAPseudoTerminalRecordsTheKeysPressed() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")

        // Topic 1; card 1: space shows the answer, x the explanation, 3 rates Good; card 2: space, then 1 (Fail)
        // straight from the explanation prompt; card 3: q quits; then n (no "learn again"). Neither card 1 (Good
        // leaves a new card on badger's learning step) nor card 2 is passed, so cards 2 and 3 are still [1/10].
        let steps: [TerminalStep] = [
            .init(expect: "Choose topics", send: "1\r"),
            .init(expect: "[1/10]", send: ""),
            .init(expect: "(any key: answer, s: skip", send: " "),
            .init(expect: "(any key: explanation", send: "x"),
            .init(expect: "Rate: 1 again", send: "3"),
            .init(expect: "[1/10]", send: ""),
            .init(expect: "(any key: answer, s: skip", send: " "),
            .init(expect: "(any key: explanation", send: "1"),
            .init(expect: "[1/10]", send: ""),
            .init(expect: "(any key: answer, s: skip", send: "q"),
            .init(expect: "Learn again? (y/n)", send: "n"),
        ]
        let (status, screen) = try await cli.runOnTerminal(["learn", "--seed", "1"] + db, steps: steps)

        #expect(status == 0, "screen:\n\(screen)")
        #expect(screen.contains("1. Roman history — 0 due, 14 new"))
        #expect(screen.contains("→ "))
        #expect(screen.contains("Session summary: 2 cards, 1 correct, 1 failed, average rating 2.00"))
        // Raw mode: the keys pressed on card prompts are not echoed back onto the screen.
        let afterFirstCard = try #require(screen.range(of: "[1/10]")).upperBound
        #expect(!screen[afterFirstCard...].contains("x\r\n"))

        let store = try await Store.open(path: cli.databasePath, now: .system)
        let user = try #require(try await Learners.named(on: store, User.defaultName))
        let topic = try #require(try await Topics.named(on: store, "Roman history"))
        let cards = try await Cards.inTopic(on: store, topicID: topic.id)
        var ratings: [Int] = []
        for card in cards.prefix(3) {
            ratings += try await store.reviewLog(userID: user.id, cardID: card.id).map(\.rating)
        }
        #expect(ratings == [2, 0])
        #expect(try await store.cardState(userID: user.id, cardID: cards[0].id)?.phase.rawValue == 1)
        #expect(try await Sessions.recent(on: store, userID: user.id, limit: 5).first?.counts.cards == 2)
    }
}
