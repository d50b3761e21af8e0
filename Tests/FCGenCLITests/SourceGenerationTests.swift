import FCCore
import FCStore
import Foundation
import Testing

/// `fcgen generate --from`, run as a user would: the built binary, offline, real files and a real `pdftotext`.
@Suite(.serialized)
struct SourceGenerationTests {
    static let notes = """
        # Cells

        Cells are the smallest units that biologists call living things.

        ## Mitochondria

        Mitochondria produce most of the chemical energy that powers a cell.
        Their inner membrane is folded into ridges called cristae.

        ## Ribosomes

        Ribosomes translate messenger RNA into chains of amino acids.
        """

    static func write(_ text: String, to name: String, in cli: CLIRunner) throws -> String {
        let path = cli.directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func markdownNotesBecomeCardsThatKnowTheirSection() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let path = try Self.write(Self.notes, to: "notes.md", in: cli)
        let schemas = SchemaCheck(cli)
        let run = try await schemas.run(
            ["generate", "--topic", "Biology", "--from", path, "--offline", "--db", cli.databasePath],
            schema: "generate")
        let report = try schemas.object(run)
        let source = try #require(report["source"] as? [String: Any])
        #expect(source["format"] as? String == "markdown")
        #expect(source["sections"] as? Int == 3)
        #expect((source["sha256"] as? String)?.count == 64)
        let batches = try #require(report["batches"] as? [[String: Any]])
        #expect(
            batches.compactMap { $0["aspect"] as? String } == ["Cells", "Cells > Mitochondria", "Cells > Ribosomes"])

        let store = try await Store.open(path: cli.databasePath, now: .system)
        let cards = try await store.scalarInteger("SELECT COUNT(*) FROM cards") ?? 0
        #expect(cards >= 3)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM card_sources") == cards)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM sources") == 1)

        // The card about cristae points at the Mitochondria section, and its span is that section's text.
        let id = try #require(
            try await store.scalarInteger("SELECT id FROM cards WHERE answer = 'cristae' OR question LIKE '%cristae%'"))
        let shown = try await schemas.run(["card", "show", String(id), "--db", cli.databasePath], schema: "card")
        let card = try #require(try schemas.object(shown)["card"] as? [String: Any])
        let provenance = try #require(card["source"] as? [String: Any])
        #expect(provenance["sectionTitle"] as? String == "Cells > Mitochondria")
        #expect(provenance["section"] as? Int == 2)
        #expect(provenance["fileName"] as? String == "notes.md")
        #expect(provenance["path"] as? String == path)
        let start = try #require(provenance["start"] as? Int)
        let end = try #require(provenance["end"] as? Int)
        let scalars = Array(Self.notes.unicodeScalars)
        let span = String(String.UnicodeScalarView(scalars[start..<end]))
        #expect(span.hasPrefix("Mitochondria produce"))
        #expect(span.hasSuffix("called cristae."))
        try await schemas.validate()

        let text = try await cli.run(["card", "show", String(id), "--db", cli.databasePath])
        #expect(text.stdout.contains("source: \(path) (markdown, sha256 "))
        #expect(text.stdout.contains("section 2 \"Cells > Mitochondria\", characters \(start)–\(end)"))
    }

    @Test func standardInputIsASource() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            ["generate", "--topic", "Biology", "--from", "-", "--offline", "--db", cli.databasePath, "--json"],
            stdin: Data(Self.notes.utf8))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let source = try #require(try object(result.stdout)["source"] as? [String: Any])
        #expect(source["name"] as? String == "standard input")
        #expect(source["format"] as? String == "markdown")
        let store = try await Store.open(path: cli.databasePath, now: .system)
        let cards = try await store.scalarInteger("SELECT COUNT(*) FROM cards") ?? 0
        #expect(cards >= 3)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM card_sources") == cards)
    }

    @Test func aPDFIsReadThroughPdftotextPageByPage() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let path = cli.directory.appendingPathComponent("cell.pdf").path
        try MinimalPDF.make(pages: [
            ["Mitochondria produce most of the chemical energy of the cell.", "Their membranes fold into cristae."],
            ["Ribosomes translate messenger RNA into chains of amino acids."],
        ]).write(to: URL(fileURLWithPath: path))
        let result = try await cli.run([
            "generate", "--topic", "Cells", "--from", path, "--batches", "2", "--offline", "--db", cli.databasePath,
            "--json",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try object(result.stdout)
        #expect((report["source"] as? [String: Any])?["format"] as? String == "pdf")
        let batches = try #require(report["batches"] as? [[String: Any]])
        #expect(batches.compactMap { $0["aspect"] as? String } == ["page 1", "page 1", "page 2", "page 2"])
        #expect(
            batches.compactMap { $0["depth"] as? String } == ["foundational", "intermediate"] + [
                "foundational", "intermediate",
            ])
        let store = try await Store.open(path: cli.databasePath, now: .system)
        let pages = try await store.scalarInteger("SELECT COUNT(DISTINCT page) FROM card_sources")
        #expect(pages == 2)
        let id = try #require(try await store.scalarInteger("SELECT card_id FROM card_sources WHERE page = 2"))
        let shown = try await cli.run(["card", "show", String(id), "--db", cli.databasePath])
        #expect(shown.stdout.contains("section 2 \"page 2\", page 2"))
    }
}
