import FCCore
import FCStore
import Foundation
import Testing

/// Every bad source ends `generate --from` with exit 65, one line on stderr naming the file and the problem, and
/// nothing stored: the counts of every table it writes stay as they were.
@Suite(.serialized)
struct SourceInputErrorTests {
    struct Counts: Equatable {
        var topics, batches, cards, sources, cardSources: Int64
    }

    static func counts(_ cli: CLIRunner) async throws -> Counts {
        let store = try await Store.open(path: cli.databasePath, now: .system)
        func count(_ table: String) async throws -> Int64 {
            try await store.scalarInteger("SELECT COUNT(*) FROM \(table)") ?? -1
        }
        return Counts(
            topics: try await count("topics"), batches: try await count("batches"), cards: try await count("cards"),
            sources: try await count("sources"), cardSources: try await count("card_sources"))
    }

    /// Runs `generate --from path` for a new topic and checks the refusal.
    func expectRefused(
        _ cli: CLIRunner, from path: String, saying problem: String, environment: [String: String] = [:],
        stdin: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try await Self.counts(cli)
        let result = try await cli.run(
            ["generate", "--topic", "Refused", "--from", path, "--offline", "--db", cli.databasePath],
            environment: environment, stdin: stdin)
        #expect(result.status == 65, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let name = path == "-" ? "standard input" : path
        #expect(
            lines.first?.hasPrefix("fcgen: error: \(name): ") == true, "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stderr.contains(problem), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try await Self.counts(cli) == before, "something was stored", sourceLocation: sourceLocation)
    }

    func file(_ name: String, _ bytes: [UInt8], in cli: CLIRunner) throws -> String {
        let path = cli.directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func badTextInputsAreRefusedAndNothingIsStored() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let good = try file("good.md", Array(SourceGenerationTests.notes.utf8), in: cli)
        let seeded = try await cli.run([
            "generate", "--topic", "Seed", "--from", good, "--offline", "--db", cli.databasePath,
        ])
        #expect(seeded.status == 0, "stderr: \(seeded.stderr)")

        let binary = try file("photo.txt", Array("JFIF header".utf8) + [0, 0xFF, 0xD8], in: cli)
        try await expectRefused(cli, from: binary, saying: "is binary, not text: a NUL byte at byte offset 11")
        let latin = try file("latin.txt", Array("ok\n".utf8) + [UInt8](repeating: 0xE9, count: 12), in: cli)
        try await expectRefused(
            cli, from: latin, saying: "is not UTF-8 text: 9 invalid byte sequence(s), the first at byte offset 3")
        try await expectRefused(
            cli, from: try file("empty.md", [], in: cli), saying: "is empty: no text to make cards from")
        let markup = try file("blank.html", Array("<html><script>var x = 1;</script>\n  </html>".utf8), in: cli)
        try await expectRefused(cli, from: markup, saying: "has no text to make cards from")
        let large = try file("large.txt", Array(String(repeating: "A sentence of text. ", count: 200).utf8), in: cli)
        try await expectRefused(
            cli, from: large, saying: "is 4000 bytes, more than source_max_bytes (1024)",
            environment: ["FCGEN_SOURCE_MAX_BYTES": "1024"])
        try await expectRefused(cli, from: cli.directory.path, saying: "is a directory, not a regular file")
        try await expectRefused(
            cli, from: cli.directory.appendingPathComponent("missing.md").path, saying: "cannot be opened")
        try await expectRefused(cli, from: "-", saying: "is empty", stdin: Data())
    }

    @Test func badPDFsAreRefusedWithWhatToDo() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let good = try file("good.md", Array(SourceGenerationTests.notes.utf8), in: cli)
        let seeded = try await cli.run([
            "generate", "--topic", "Seed", "--from", good, "--offline", "--db", cli.databasePath,
        ])
        #expect(seeded.status == 0, "stderr: \(seeded.stderr)")

        let scanned = cli.directory.appendingPathComponent("scan.pdf")
        try MinimalPDF.make(pages: [[], []]).write(to: scanned)
        try await expectRefused(cli, from: scanned.path, saying: "has no text layer (a scanned PDF?)")

        let readable = cli.directory.appendingPathComponent("cell.pdf")
        try MinimalPDF.make(pages: [["Mitochondria produce most of the energy of the cell."]]).write(to: readable)
        try await expectRefused(
            cli, from: readable.path,
            saying: "pdftotext not found: install poppler-utils (apt-get install poppler-utils)",
            environment: ["PATH": cli.directory.appendingPathComponent("no-tools").path])

        // A pdftotext that answers as poppler does for a password-protected file.
        let tools = cli.directory.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let fake = tools.appendingPathComponent("pdftotext")
        try Data("#!/bin/sh\necho 'Command Line Error: Incorrect password' >&2\nexit 1\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        try await expectRefused(
            cli, from: readable.path, saying: "is encrypted (password-protected)",
            environment: ["PATH": tools.path + ":/usr/bin:/bin"])

        let notPDF = try file("fake.pdf", Array("this is not a PDF at all".utf8), in: cli)
        try await expectRefused(cli, from: notPDF, saying: "is not a readable PDF")

        let long = cli.directory.appendingPathComponent("long.pdf")
        try MinimalPDF.make(pages: [(1...40).map { "Line \($0) of a page with enough text to pass the limit." }])
            .write(to: long)
        try await expectRefused(
            cli, from: long.path, saying: "more than source_max_bytes (1024)",
            environment: ["FCGEN_SOURCE_MAX_BYTES": "1024"])
    }
}
