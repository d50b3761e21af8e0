import FCTestSupport
import Foundation
import Testing

/// `fcgen quiz`'s "I was right": offered after a wrong answer (r), the answer counted right on the learner's word,
/// shown as overridden in the summary and the JSON; a script turns the offer on with --offer-override.
struct QuizOverrideCommandTests {
    private func deck(_ cli: CLIRunner) async throws {
        for (question, answer) in [
            ("Who crossed the Rubicon?", "Caesar"), ("Who founded Rome?", "Romulus"),
            ("Which river runs through Rome?", "Tiber"),
        ] {
            let added = try await cli.run(
                [
                    "card", "add", "--topic", "Rome", "--question", question, "--answer", answer, "--db",
                    cli.databasePath,
                ])
            #expect(added.status == 0, "stderr: \(added.stderr)")
        }
    }

    @Test func aWrongAnswerClaimedRightIsCountedRightAndShownAsOverridden() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await deck(cli)
        let check = SchemaCheck(cli)
        let quiz = ["quiz", "--topic", "Rome", "--seed", "3", "--offer-override", "--db", cli.databasePath]
        // The first answer is wrong and claimed right (r), the second wrong and let stand (Enter), the third empty
        // (nothing to claim: no offer, no line read for it).
        let run = try await check.run(quiz, schema: "quiz", stdin: Data("a guess\nr\nanother guess\n\n\n".utf8))
        #expect(run.stderr.contains("r: I was right"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("counted right on your word (+6 XP)"), "stderr: \(run.stderr)")
        let output = try check.object(run)
        #expect(output["right"] as? Int == 1 && output["wrong"] as? Int == 1 && output["empty"] as? Int == 1)
        #expect(output["overridden"] as? Int == 1)
        #expect((output["session"] as? [String: Any])?["overridden"] as? Int == 1)
        let misses = try #require(output["misses"] as? [[String: Any]])
        #expect(misses.map { $0["given"] as? String } == ["a guess", "another guess", ""])
        #expect(misses.map { $0["overridden"] as? Bool } == [true, false, false])
        #expect(misses.map { $0["verdict"] as? String } == ["wrong", "wrong", "empty"])
        #expect((output["rewards"] as? [String: Any])?["xpGained"] as? Int == 6, "\(output)")

        // As a person reads it: the summary and the claimed miss.
        let human = try await cli.run(quiz, stdin: Data("a guess\nr\nanother guess\n\n\n".utf8))
        #expect(human.stdout.contains("3 cards, 1 right (1 on your word), 1 wrong, 1 empty"), "\(human.stdout)")
        #expect(human.stdout.contains("yours: \"a guess\" — counted right on your word"), "\(human.stdout)")

        // A script that does not ask for the offer answers one line per question, as before: "r" is an answer.
        let plain = try check.object(
            try await check.run(
                ["quiz", "--topic", "Rome", "--seed", "3", "--db", cli.databasePath], schema: "quiz",
                stdin: Data("a guess\nr\n\n".utf8)))
        #expect(plain["overridden"] as? Int == 0 && plain["wrong"] as? Int == 2 && plain["empty"] as? Int == 1)
        try await check.validate()
    }

    @Test func onATerminalTheOfferIsOneKeystroke() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await deck(cli)
        // Answers are lines; after a wrong one, r (one key, raw mode) claims it, any other key goes on; an empty
        // answer gets no offer.
        let steps: [TerminalStep] = [
            .init(expect: "[1/3]", send: "a guess\r"),
            .init(expect: "r: I was right", send: "r"),
            .init(expect: "[2/3]", send: "another guess\r"),
            .init(expect: "r: I was right", send: "x"),
            .init(expect: "[3/3]", send: "\r"),
        ]
        let (status, screen) = try await cli.runOnTerminal(
            ["quiz", "--topic", "Rome", "--seed", "3", "--db", cli.databasePath], steps: steps)
        #expect(status == 0, "screen:\n\(screen)")
        #expect(screen.contains("counted right on your word (+6 XP)"), "screen:\n\(screen)")
        #expect(screen.contains("3 cards, 1 right (1 on your word), 1 wrong, 1 empty"), "screen:\n\(screen)")
        // Only the two wrong answers were offered the claim.
        #expect(screen.components(separatedBy: "r: I was right").count - 1 == 2, "screen:\n\(screen)")
    }
}
