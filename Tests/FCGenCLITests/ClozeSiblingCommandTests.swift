import Foundation
import Testing

/// Cloze siblings on the command line: each deletion number is a card of its own (`fcgen cards`, `due`), `card bury`
/// buries the siblings too, and export writes the text once so export → import → export gives the same file.
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
}
