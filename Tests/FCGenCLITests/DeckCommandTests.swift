import FCTestSupport
import Foundation
import Testing

/// `fcgen card …`, `topic rename/delete`, `import` and `export` on the built binary.
@Suite(.serialized)
struct DeckCommandTests {
    @Test func cardCommandsFollowTheRules() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let added = try await cli.run(
            [
                "card", "add", "--topic", "Algebra", "--question", "Solve $x^2 = 4$", "--answer", "$x = \\pm 2$",
                "--reverse",
            ] + db)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(
            added.stdout
                == "added card 1 at position 1 of \"Algebra\"\nadded card 2 at position 2 of \"Algebra\" (reversed twin of card 1)\n"
        )

        let answerOnly = try await cli.run(["card", "add", "--topic", "Algebra", "--answer", "4"] + db)
        #expect(answerOnly.status == 65)
        #expect(answerOnly.stderr.contains("an answer and/or explanation alone is not a card"))

        let fake = cli.directory.appendingPathComponent("photo.png")
        try Data("not a picture\n".utf8).write(to: fake)
        let refused = try await cli.run(
            ["card", "add", "--topic", "Algebra", "--image", fake.path, "--answer", "x"] + db)
        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "fcgen: error: photo.png is not a JPEG, GIF or PNG image (checked by its content, not its name)\n")
        // A picture cut off part-way, or one claiming more pixels than the budget, is a one-line error too.
        let cut = cli.directory.appendingPathComponent("cut.png")
        try Data(TestPictures.png().prefix(40)).write(to: cut)
        let truncated = try await cli.run(
            ["card", "add", "--topic", "Algebra", "--image", cut.path, "--answer", "x"] + db)
        #expect(truncated.status == 65)
        #expect(
            truncated.stderr
                == "fcgen: error: cut.png is a truncated PNG image: the file ends before the picture does\n")
        let bomb = cli.directory.appendingPathComponent("bomb.png")
        try Data(TestPictures.png(width: 5000, height: 5000)).write(to: bomb)
        let tooLarge = try await cli.run(
            ["card", "add", "--topic", "Algebra", "--image", bomb.path, "--answer", "x"] + db)
        #expect(tooLarge.status == 65)
        #expect(
            tooLarge.stderr
                == "fcgen: error: image bomb.png is 5000x5000 pixels, more than the 16777216-pixel limit; scale it down\n"
        )

        let fromStdin = try await cli.run(
            ["card", "add", "--topic", "Algebra", "--question-file", "-", "--answer", "yes"] + db,
            stdin: Data("Is this\na two-line question?\n".utf8))
        #expect(fromStdin.status == 0, "stderr: \(fromStdin.stderr)")

        let editor = cli.directory.appendingPathComponent("editor.sh")
        try Data("#!/bin/sh\nprintf '== question\\nEdited Q\\n== answer\\nEdited A\\n' > \"$1\"\n".utf8).write(
            to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let edited = try await cli.run(["card", "edit", "3", "--editor"] + db, environment: ["EDITOR": editor.path])
        #expect(edited.status == 0, "stderr: \(edited.stderr)")

        let twinNote = try await cli.run(["card", "edit", "1", "--answer", "two"] + db)
        #expect(twinNote.stderr.contains("card 2, which was not changed (run again with --also-twin"))
        #expect(try await cli.run(["card", "move", "3", "--to", "1"] + db).stdout == "card 3 is now at position 1\n")
        #expect(try await cli.run(["card", "move", "3", "--to", "9"] + db).status == 65)

        let shown = try await cli.run(["card", "show", "3", "--json"] + db)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let card = try #require(object["card"] as? [String: Any], "one flat card object")
        #expect(card["question"] as? String == "Edited Q")
        #expect(card["position"] as? Int == 1)

        #expect(try await cli.run(["card", "delete", "1", "2"] + db).status == 0)
        #expect(try await cli.run(["topic", "set", "Algebra", "--color", "red", "--icon", "∑"] + db).status == 0)
        #expect(try await cli.run(["topic", "rename", "Algebra", "Maths"] + db).status == 0)
        let guarded = try await cli.run(["topic", "delete", "Maths"] + db)
        #expect(guarded.status == 65)
        #expect(guarded.stderr.contains("pass --force"))
        let deleted = try await cli.run(["topic", "delete", "Maths", "--force"] + db)
        #expect(deleted.stdout == "deleted topic \"Maths\": 1 card, 0 batches, 0 jobs\n")
    }

    @Test func importThenExportRoundTrips() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let csv = "question;answer;explanation;reversed\nQ1;A1;\"E;1\";yes\n\"multi\nline\";A2;;no\n"
        let input = cli.directory.appendingPathComponent("in.csv")
        try Data(("\u{FEFF}" + csv.replacingOccurrences(of: "\n", with: "\r\n")).utf8).write(to: input)

        let dry = try await cli.run(["import", input.path, "--topic", "Deck", "--dry-run"] + db)
        #expect(dry.stdout.hasPrefix("dry run: would import 3 cards"), "stderr: \(dry.stderr)")
        let imported = try await cli.run(["import", input.path, "--topic", "Deck"] + db)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        let exported = try await cli.run(["export", "--topic", "Deck", "--format", "csv"] + db)
        // A four-column file (no kind) still reads; export writes the kind column.
        #expect(
            exported.stdout
                == "question;answer;explanation;reversed;kind\nQ1;A1;\"E;1\";yes;question\n\"multi\nline\";A2;;no;question\n"
        )

        let bad = cli.directory.appendingPathComponent("bad.csv")
        try Data("Q9;A9\nbroken\n".utf8).write(to: bad)
        let refused = try await cli.run(["import", bad.path, "--topic", "Deck"] + db)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(bad.path):2:7: expected at least 2 fields"))
        let again = try await cli.run(["import", input.path, "--topic", "Deck"] + db)
        #expect(again.stdout.contains("3 duplicates skipped"))

        let out = cli.directory.appendingPathComponent("deck.txt")
        let anki = try await cli.run(["export", "--topic", "Deck", "--format", "anki", "--out", out.path] + db)
        #expect(anki.status == 0, "stderr: \(anki.stderr)")
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.contains("Basic\tDeck\tmulti<br>line\tA2\t\tfcgen\n"))
        let back = try await cli.run(["import", out.path, "--topic", "Copy"] + db)
        #expect(back.stdout.contains("imported 3 cards (1 reversed twin)"), "stderr: \(back.stderr)")
    }

    @Test func aCommaSeparatedFileIsReadAsSuchAndSaysSo() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let sheet = cli.directory.appendingPathComponent("sheet.csv")
        try Data("question,answer\nWho crossed the Rubicon?,Caesar\nWhen?,\"49 BC, in January\"\n".utf8).write(
            to: sheet)

        // A dry run says how the file is read and shows the first rows as read, before anything is stored.
        let dry = try await cli.run(["import", sheet.path, "--topic", "Sheet", "--dry-run"] + db)
        #expect(dry.status == 0, "stderr: \(dry.stderr)")
        #expect(dry.stderr.contains("reading \(sheet.path) as comma-separated values"), "\(dry.stderr)")
        #expect(dry.stdout.contains("row 2: When? → 49 BC, in January"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))

        let json = try await cli.run(["import", sheet.path, "--topic", "Sheet", "--json"] + db)
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["separator"] as? String == "comma")
        #expect((report["summary"] as? [String: Any])?["cardsStored"] as? Int == 2)
        #expect(json.stderr.isEmpty, "--json keeps the notice out: \(json.stderr)")

        // Forced: the same file read with ";" has one field per row, and the problem says which separator.
        let forced = try await cli.run(["import", sheet.path, "--topic", "Other", "--separator", "semicolon"] + db)
        #expect(forced.status == 65)
        #expect(forced.stderr.contains("separated by \";\", found 1"), "\(forced.stderr)")
        #expect(try await cli.run(["import", sheet.path, "--topic", "Other", "--separator", "pipe"] + db).status == 64)
    }
}
