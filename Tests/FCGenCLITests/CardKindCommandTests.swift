import Foundation
import Testing

/// `fcgen card add --kind cloze|mcq`: the answer follows from the cloze text or the correct option; a card the
/// sanitizer would drop is refused with its reason, and nothing is stored.
struct CardKindCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private static let options = ["--option", "Remus", "--option", "Romulus", "--option", "Numa", "--option", "Tullus"]

    @Test func clozeAndChoiceCardsAreAddedShownAndListed() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let cloze = try await cli.run(
            [
                "card", "add", "--topic", "Rome", "--kind", "cloze", "--question", "{{c1::Romulus}} founded Rome",
                "--json",
            ] + db)
        #expect(cloze.status == 0, "stderr: \(cloze.stderr)")
        let clozeCard = try #require((try object(cloze.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(clozeCard["kind"] as? String == "cloze")
        #expect(clozeCard["answer"] as? String == "Romulus founded Rome")

        let mcq = try await cli.run(
            ["card", "add", "--topic", "Rome", "--kind", "mcq", "--question", "Who founded Rome?"] + Self.options
                + ["--correct", "2", "--json"] + db)
        #expect(mcq.status == 0, "stderr: \(mcq.stderr)")
        let mcqCard = try #require((try object(mcq.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(mcqCard["kind"] as? String == "mcq")
        #expect(mcqCard["answer"] as? String == "Romulus")
        let choices = try #require(mcqCard["choices"] as? [String: Any])
        #expect(choices["options"] as? [String] == ["Remus", "Romulus", "Numa", "Tullus"])
        #expect(choices["correctIndex"] as? Int == 1)

        // --answer naming an option is the same as --correct.
        let byAnswer = try await cli.run(
            ["card", "add", "--topic", "Rome", "--kind", "mcq", "--question", "Who was Rome's second king?"]
                + Self.options + ["--answer", "numa", "--json"] + db)
        #expect(byAnswer.status == 0, "stderr: \(byAnswer.stderr)")
        let third = try #require((try object(byAnswer.stdout)["cards"] as? [[String: Any]])?.first)
        #expect((third["choices"] as? [String: Any])?["correctIndex"] as? Int == 2)
        #expect(third["answer"] as? String == "Numa")

        let id = try #require(mcqCard["id"] as? Int)
        let shown = try await cli.run(["card", "show", "\(id)"] + db)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("kind: mcq"))
        #expect(shown.stdout.contains("option 1: Remus\noption 2: Romulus (correct)\noption 3: Numa\noption 4: Tullus"))

        let listed = try await cli.run(["cards", "--topic", "Rome", "--json"] + db)
        let cards = try #require(try object(listed.stdout)["cards"] as? [[String: Any]])
        #expect(cards.compactMap { $0["kind"] as? String } == ["cloze", "mcq", "mcq"])
        #expect(cards[0]["choices"] == nil && cards[1]["choices"] != nil)

        // Editing the cloze text derives the answer again; editing an mcq card keeps its options.
        let clozeID = try #require(clozeCard["id"] as? Int)
        let edited = try await cli.run(
            ["card", "edit", "\(clozeID)", "--question", "{{c1::Romulus}} and {{c2::Remus}} were twins", "--json"]
                + db)
        #expect(edited.status == 0, "stderr: \(edited.stderr)")
        let reworded = try #require((try object(edited.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(reworded["answer"] as? String == "Romulus and Remus were twins")
        let explained = try await cli.run(["card", "edit", "\(id)", "--explanation", "Legend.", "--json"] + db)
        #expect(explained.status == 0, "stderr: \(explained.stderr)")
        let after = try #require((try object(explained.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(
            (after["choices"] as? [String: Any])?["options"] as? [String] == ["Remus", "Romulus", "Numa", "Tullus"])

        // Away from mcq the options go and the correct option stays the answer; to cloze the answer is derived.
        let plain = try await cli.run(["card", "edit", "\(id)", "--kind", "question", "--json"] + db)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        let plainCard = try #require((try object(plain.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(plainCard["kind"] as? String == "question" && plainCard["choices"] == nil)
        #expect(plainCard["answer"] as? String == "Romulus")
        let toCloze = try await cli.run(
            ["card", "edit", "\(id)", "--kind", "cloze", "--question", "{{c1::Romulus}} founded it", "--json"] + db)
        #expect(toCloze.status == 0, "stderr: \(toCloze.stderr)")
        let clozed = try #require((try object(toCloze.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(clozed["kind"] as? String == "cloze" && clozed["answer"] as? String == "Romulus founded it")
    }

    @Test(arguments: [
        (
            ["--kind", "cloze", "--question", "Romulus founded Rome"],
            "--kind cloze: a cloze card needs at least one deletion such as {{c1::answer}}"
        ),
        (["--kind", "cloze", "--question", "{{c1::}} founded Rome"], "--kind cloze: deletion c1 hides nothing"),
        (
            ["--kind", "cloze", "--question", "{{c1::Romulus founded Rome"],
            "--kind cloze: the deletion at character 1 has no closing }}"
        ),
        (
            ["--kind", "cloze", "--question", "{{c1::Romulus}} founded Rome", "--answer", "Remus"],
            "--kind cloze: the answer is the question with every deletion shown; leave --answer out"
        ),
        (
            ["--kind", "mcq", "--question", "Q?", "--option", "A", "--option", "B", "--option", "C", "--correct", "1"],
            "--kind mcq: a multiple-choice card needs 3 or 4 wrong options and has 2"
        ),
        (
            [
                "--kind", "mcq", "--question", "Q?", "--option", "A", "--option", "B", "--option", "C", "--option",
                "a.",
                "--correct", "1",
            ],
            "--kind mcq: option \"a.\" is offered twice"
        ),
        (
            ["--kind", "mcq", "--question", "Q?", "--option", "A", "--option", "B", "--option", "C", "--option", "D"],
            "--kind mcq: say which option is correct with --correct N (or an --answer equal to one option)"
        ),
        (
            [
                "--kind", "mcq", "--question", "Q?", "--option", "A", "--option", "B", "--option", "C", "--option", "D",
                "--correct", "5",
            ],
            "--correct 5: there are 4 options (1-4)"
        ),
        (["--kind", "mcq", "--question", "Q?", "--answer", "A"], "--kind mcq needs 4 or 5 options"),
        (
            [
                "--kind", "mcq", "--question", "Q?", "--option", "A", "--option", "B", "--option", "C", "--option", "D",
                "--correct", "1", "--reverse",
            ],
            "--reverse does not fit --kind mcq"
        ),
    ])
    func aCardTheSanitizerWouldDropIsRefusedWithItsReason(arguments: [String], message: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["card", "add", "--topic", "Rome"] + arguments + ["--db", cli.databasePath])
        #expect(result.status == 65, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "nothing is stored")
    }

    @Test func optionsWithoutTheMultipleChoiceKindAreAUsageError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            [
                "card", "add", "--topic", "Rome", "--question", "Q?", "--answer", "A", "--option", "A", "--db",
                cli.databasePath,
            ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--option and --correct are for --kind mcq"))
    }
}
