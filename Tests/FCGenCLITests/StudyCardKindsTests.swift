import Foundation
import Testing

/// Multiple-choice and cloze cards in `fcgen quiz` (options offered shuffled as A), B), … and graded by the option,
/// cloze cards asked one deletion number at a time), `fcgen learn` and `fcgen session next` (deletions hidden, the
/// correct option marked on the answer side).
struct StudyCardKindsTests {
    private static let options = ["--option", "Remus", "--option", "Romulus", "--option", "Numa", "--option", "Tullus"]

    private func add(_ cli: CLIRunner, _ arguments: [String]) async throws {
        let added = try await cli.run(["card", "add"] + arguments + ["--db", cli.databasePath])
        #expect(added.status == 0, "stderr: \(added.stderr)")
    }

    @Test func aChoiceCardIsOfferedShuffledAndGradedByTheOption() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        try await add(
            cli,
            ["--topic", "Kings", "--kind", "mcq", "--question", "Who founded Rome?"] + Self.options + [
                "--correct", "2",
            ])
        let check = SchemaCheck(cli)
        let quiz = ["quiz", "--topic", "Kings", "--seed", "5"] + db

        // A text that is no option is wrong; the miss carries the options as offered and the correct one.
        let missed = try await check.run(quiz, schema: "quiz", stdin: Data("Caesar\n".utf8))
        let output = try check.object(missed)
        #expect(output["wrong"] as? Int == 1)
        let miss = try #require((output["misses"] as? [[String: Any]])?.first)
        let offered = try #require(miss["options"] as? [String])
        #expect(offered.sorted() == ["Numa", "Remus", "Romulus", "Tullus"])
        #expect(miss["correct"] as? String == "Romulus")
        #expect(miss["prompt"] as? String == "Who founded Rome?")
        #expect(miss["cardId"] is Int)
        let letters = ["A", "B", "C", "D"]
        for (index, option) in offered.enumerated() {
            #expect(missed.stderr.contains("\(letters[index])) \(option)"), "stderr: \(missed.stderr)")
        }

        // The same seed offers the same order: the right letter (lower case, with its parenthesis) is right, a
        // wrong letter is wrong, and the option's text in any case is right.
        let right = try #require(offered.firstIndex(of: "Romulus"))
        let wrong = (right + 1) % offered.count
        let byLetter = try check.object(
            try await check.run(quiz, schema: "quiz", stdin: Data("\(letters[right].lowercased()))\n".utf8)))
        #expect(byLetter["right"] as? Int == 1)
        let byWrongLetter = try check.object(
            try await check.run(quiz, schema: "quiz", stdin: Data("\(letters[wrong])\n".utf8)))
        #expect(byWrongLetter["wrong"] as? Int == 1)
        let byText = try check.object(try await check.run(quiz, schema: "quiz", stdin: Data("  ROMULUS \n".utf8)))
        #expect(byText["right"] as? Int == 1)
        // Another option's text is wrong, not "close enough".
        let byOtherText = try check.object(try await check.run(quiz, schema: "quiz", stdin: Data("Remus\n".utf8)))
        #expect(byOtherText["wrong"] as? Int == 1)
        try await check.validate()
    }

    @Test func eachClozeNumberIsACardOfItsOwnInTheQuiz() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        try await add(
            cli,
            [
                "--topic", "Founding", "--kind", "cloze", "--question",
                "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}; {{c1::Remus}} died.",
            ])
        let check = SchemaCheck(cli)
        let quiz = ["quiz", "--topic", "Founding", "--seed", "1"] + db

        // Both numbers answered right (c1's two deletions in order, separated by a comma): two right cards, the
        // note's card asking c1 and its sibling c2 (which seed 1 asks first).
        let right = try await check.run(quiz, schema: "quiz", stdin: Data("753 BC\nromulus, remus\n".utf8))
        let output = try check.object(right)
        #expect(output["right"] as? Int == 2)
        #expect(right.stderr.contains("[...] founded Rome in 753 BC; [...] died."), "stderr: \(right.stderr)")
        #expect(right.stderr.contains("Romulus founded Rome in [year]; Remus died."), "stderr: \(right.stderr)")
        #expect(!right.stderr.contains("{{c"), "stderr: \(right.stderr)")

        // One deletion of c1 missing and c2 left empty: c1's card is wrong, c2's empty, each miss names its number.
        let wrong = try check.object(try await check.run(quiz, schema: "quiz", stdin: Data("\nRomulus\n".utf8)))
        #expect(wrong["wrong"] as? Int == 1 && wrong["empty"] as? Int == 1)
        let misses = try #require(wrong["misses"] as? [[String: Any]])
        #expect(misses.count == 2)
        #expect(misses.last?["clozeNumber"] as? Int == 1)
        #expect(misses.last?["prompt"] as? String == "[...] founded Rome in 753 BC; [...] died.")
        #expect(misses.last?["correct"] as? String == "Romulus, Remus")
        #expect(misses.last?["given"] as? String == "Romulus")
        #expect(misses.first?["clozeNumber"] as? Int == 2)
        #expect(misses.first?["verdict"] as? String == "empty")
        #expect(misses.first?["correct"] as? String == "753 BC")

        // Nothing typed at all: both cards count as empty.
        let empty = try check.object(try await check.run(quiz, schema: "quiz", stdin: Data("\n\n".utf8)))
        #expect(empty["empty"] as? Int == 2)
        try await check.validate()
    }

    /// A topic "Rome" with one mcq card and one cloze card.
    private func mixedTopic(_ cli: CLIRunner) async throws {
        try await add(
            cli,
            ["--topic", "Rome", "--kind", "mcq", "--question", "Who founded Rome?"] + Self.options + ["--correct", "2"])
        try await add(
            cli, ["--topic", "Rome", "--kind", "cloze", "--question", "Rome was founded in {{c1::753 BC::year}}."])
    }

    @Test func learnHidesDeletionsAndMarksTheCorrectOption() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await mixedTopic(cli)
        let learned = try await cli.run(
            ["learn", "--topic", "Rome", "--db", cli.databasePath], stdin: Data("x\n3\nx\n3\nn\n".utf8))
        #expect(learned.status == 0, "stderr: \(learned.stderr)")
        let screen = learned.stdout
        #expect(screen.contains("Rome was founded in [year]."), "\(screen)")
        #expect(screen.contains("→ Rome was founded in 753 BC."), "\(screen)")
        #expect(!screen.contains("{{c"), "\(screen)")
        #expect(screen.contains("Who founded Rome?\n  A) "), "\(screen)")
        #expect(screen.contains(") Romulus  ✓"), "\(screen)")
        #expect(screen.contains("Session summary: 2 cards, 2 correct"), "\(screen)")
    }

    @Test func sessionNextShowsTheCardAsStudyShowsIt() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        try await mixedTopic(cli)
        let check = SchemaCheck(cli)
        let started = try check.object(
            try await check.run(["session", "start", "--topic", "Rome", "--seed", "1"] + db, schema: "session"))
        let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        var seen: [String: [String: Any]] = [:]
        for _ in 0..<2 {
            let next = try check.object(try await check.run(["session", "next", "\(id)"] + db, schema: "session"))
            let again = try check.object(try await check.run(["session", "next", "\(id)"] + db, schema: "session"))
            let card = try #require(next["card"] as? [String: Any])
            let shown = try #require(next["shown"] as? [String: Any])
            #expect(
                (again["shown"] as? [String: Any])?["options"] as? [String] == shown["options"] as? [String],
                "the same session shows the same order")
            seen[try #require(card["kind"] as? String)] = shown
            let text = try await cli.run(["session", "next", "\(id)"] + db)
            #expect(!text.stdout.contains("{{c"), "\(text.stdout)")
            let cardID = try #require(card["id"] as? Int)
            let answered = try await cli.run(["session", "answer", "\(id)", "\(cardID)", "--rating", "good"] + db)
            #expect(answered.status == 0, "stderr: \(answered.stderr)")
        }
        let cloze = try #require(seen["cloze"])
        #expect(cloze["question"] as? String == "Rome was founded in [year].")
        #expect(cloze["answer"] as? String == "Rome was founded in 753 BC.")
        #expect(cloze["options"] == nil)
        let mcq = try #require(seen["mcq"])
        let options = try #require(mcq["options"] as? [String])
        #expect(options.sorted() == ["Numa", "Remus", "Romulus", "Tullus"])
        let correct = try #require(mcq["correctOption"] as? Int)
        #expect(options[correct] == "Romulus")
        #expect(mcq["answer"] as? String == "Romulus")
        try await check.validate()
    }
}
