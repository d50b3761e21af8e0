import Foundation
import Testing

/// Cloze siblings on the command line: each deletion number is a card of its own (`fcgen cards`, `due`), `card add`
/// lists the siblings it made, `card bury` and `session bury` bury them too and say so, and export writes the text once
/// so export → import → export gives the same file.
struct ClozeSiblingCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func eachDeletionNumberIsACardAndTheDeckRoundTrips() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let text = "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}."
        let added = try await cli.run(
            ["card", "add", "--topic", "Rome", "--kind", "cloze", "--question", text, "--json"] + db)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let note = try #require((try object(added.stdout)["cards"] as? [[String: Any]])?.first)
        #expect(note["clozeNumber"] as? Int == 1 && note["clozeOf"] == nil)
        let noteID = try #require(note["id"] as? Int)
        _ = try await cli.run(["card", "add", "--topic", "Rome", "--question", "Q?", "--answer", "A"] + db)

        let listed = try #require(
            try object(try await cli.run(["cards", "--topic", "Rome", "--json"] + db).stdout)["cards"]
                as? [[String: Any]])
        #expect(listed.map { $0["clozeNumber"] as? Int } == [1, 2, nil])
        #expect(listed[1]["clozeOf"] as? Int == noteID && listed[1]["question"] as? String == text)
        let siblingID = try #require(listed[1]["id"] as? Int)
        let due = try object(try await cli.run(["due", "--topic", "Rome", "--json"] + db).stdout)
        let summary = try #require((due["topics"] as? [[String: Any]])?.first)
        #expect(summary["cards"] as? Int == 3 && summary["new"] as? Int == 3, "\(due)")

        // Burying the sibling buries the note's card too.
        let buried = try await cli.run(["card", "bury", "\(siblingID)"] + db)
        #expect(buried.status == 0, "stderr: \(buried.stderr)")
        let after = try object(try await cli.run(["due", "--topic", "Rome", "--json"] + db).stdout)
        #expect((after["topics"] as? [[String: Any]])?.first?["new"] as? Int == 1, "\(after)")

        // Export writes the note once; importing it makes the sibling again; the second export is the first.
        for format in ["csv", "anki"] {
            let out = cli.directory.appendingPathComponent("rome.\(format)").path
            let first = try await cli.run(["export", "--topic", "Rome", "--format", format, "--out", out] + db)
            #expect(first.status == 0, "stderr: \(first.stderr)")
            let written = try String(contentsOfFile: out, encoding: .utf8)
            #expect(written.components(separatedBy: "753 BC::year").count == 2, "\(written)")
            let copy = "Copy \(format)"
            let imported = try await cli.run(["import", out, "--topic", copy] + db)
            #expect(imported.status == 0, "stderr: \(imported.stderr)")
            #expect(
                imported.stdout.hasPrefix(
                    "imported 2 cards (0 reversed twins, and 1 cloze sibling for further deletion numbers) into new"),
                "\(imported.stdout)")
            let copied = try #require(
                try object(try await cli.run(["cards", "--topic", copy, "--json"] + db).stdout)["cards"]
                    as? [[String: Any]])
            // Import puts the siblings after the file's cards.
            #expect(copied.map { $0["clozeNumber"] as? Int } == [1, nil, 2])
            let again = cli.directory.appendingPathComponent("again.\(format)").path
            _ = try await cli.run(["export", "--topic", copy, "--format", format, "--out", again] + db)
            let rewritten = try String(contentsOfFile: again, encoding: .utf8)
            #expect(rewritten == written.replacingOccurrences(of: "\tRome\t", with: "\t\(copy)\t"))
        }

        // Deleting the note's card deletes its sibling.
        let deleted = try await cli.run(["card", "delete", "\(noteID)"] + db)
        #expect(deleted.status == 0, "stderr: \(deleted.stderr)")
        #expect(deleted.stdout == "deleted 2 cards: \(noteID), \(siblingID)\n")
        let left = try #require(
            try object(try await cli.run(["cards", "--topic", "Rome", "--json"] + db).stdout)["cards"]
                as? [[String: Any]])
        #expect(left.map { $0["id"] as? Int }.contains(siblingID) == false && left.count == 1)

        // A deletion number out of range is refused, naming the question.
        let huge = try await cli.run(
            ["card", "add", "--topic", "Rome", "--kind", "cloze", "--question", "{{c99999999999999999999::x}}"] + db)
        #expect(huge.status == 65)
        #expect(huge.stderr.contains("needs a number from 1 to 999"), "\(huge.stderr)")
    }

    @Test func addAndBuryListTheSiblingsTheyMadeOrBuried() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let text = "{{c1::Romulus}} founded {{c3::Rome}} in {{c2::753 BC}}."
        let added = try await cli.run(
            ["card", "add", "--topic", "Rome", "--kind", "cloze", "--question", text, "--json"] + db)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let document = try object(added.stdout)
        let cards = try #require(document["cards"] as? [[String: Any]])
        let noteID = try #require(cards.count == 1 ? cards[0]["id"] as? Int : nil)
        let siblings = try #require(document["siblings"] as? [[String: Any]], "\(added.stdout)")
        #expect(siblings.map { $0["clozeNumber"] as? Int } == [2, 3])
        #expect(siblings.allSatisfy { $0["clozeOf"] as? Int == noteID })
        let siblingIDs = siblings.compactMap { $0["id"] as? Int }
        #expect(siblingIDs.count == 2)

        // Burying the note's card buries its siblings; `cards` stays what was given, `siblings` says the rest.
        let buried = try object(try await cli.run(["card", "bury", "\(noteID)", "--json"] + db).stdout)
        #expect(buried["cards"] as? [Int] == [noteID])
        #expect(buried["siblings"] as? [Int] == siblingIDs, "\(buried)")
        let again = try await cli.run(["card", "bury", "\(siblingIDs[1])"] + db)
        #expect(
            again.stdout.hasPrefix(
                "card \(siblingIDs[1]) and its 2 cloze siblings \(noteID), \(siblingIDs[0]): buried until "),
            "\(again.stdout)")

        // A card that is no cloze card brings no siblings, and says so with an empty list.
        let plain = try object(
            try await cli.run(["card", "add", "--topic", "Plain", "--question", "Q?", "--answer", "A", "--json"] + db)
                .stdout)
        #expect((plain["siblings"] as? [Any])?.isEmpty == true, "\(plain)")
        let plainID = try #require((plain["cards"] as? [[String: Any]])?.first?["id"] as? Int)
        let plainBuried = try object(try await cli.run(["card", "bury", "\(plainID)", "--json"] + db).stdout)
        #expect(plainBuried["siblings"] as? [Int] == [], "\(plainBuried)")
        let plainText = try await cli.run(["card", "bury", "\(plainID)"] + db)
        #expect(plainText.stdout.hasPrefix("card \(plainID): buried until "), "\(plainText.stdout)")

        // In text, card add names each sibling and the number it asks.
        let gauls = try await cli.run(
            ["card", "add", "--topic", "Gauls", "--kind", "cloze", "--question", "{{c1::Brennus}} sacked {{c2::Rome}}"]
                + db)
        let lines = gauls.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(gauls.stdout)")
        let ids = lines.compactMap { $0.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } }
        let gaulNote = try #require(ids.first)
        #expect(lines.last?.hasSuffix("of \"Gauls\" (cloze sibling of card \(gaulNote), asks c2)") == true, "\(lines)")

        // A session's bury says which siblings went with the card it buried.
        let started = try object(try await cli.run(["session", "start", "--topic", "Gauls", "--json"] + db).stdout)
        let sessionID = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        let next = try #require((started["card"] as? [String: Any])?["id"] as? Int)
        let inSession = try await cli.run(["session", "bury", "\(sessionID)", "\(next)", "--json"] + db)
        #expect(inSession.status == 0, "stderr: \(inSession.stderr)")
        let session = try object(inSession.stdout)
        #expect(session["buriedSiblings"] as? [Int] == ids.filter { $0 != next }, "\(session)")
        #expect(session["buriedUntil"] is String && session["card"] == nil, "\(session)")
    }
}
