import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `kill -9` of `fcgen import` half-way through a large file: no card and no topic of it is stored, only staged
/// rows, which a later import removes once they are stale.
struct ImportKillTests {
    @Test func aKilledImportLeavesOnlyStagedRowsThatALaterImportRemoves() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let staged = try await Self.killImport(
            cli, once: "SELECT COUNT(*) FROM import_staged_cards", reaches: 10_000, within: .seconds(300),
            polling: .milliseconds(20))
        #expect(staged >= 10_000, "the import was staging when it was killed")

        // Reopened later: the staged rows are all that is left, and the database is sound.
        let later = Now { Date().addingTimeInterval(16 * 60) }
        let store = try Store(path: cli.databasePath, now: later)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await store.topic(named: "Big") == nil)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_cards") ?? 0 >= staged)

        // Another import right away works beside the dead one's rows, which may still belong to a live import.
        let small = cli.directory.appendingPathComponent("small.csv")
        try Data("Q1;A1\nQ2;A2\n".utf8).write(to: small)
        let next = try await cli.finish(["import", small.path, "--topic", "Big", "--db", cli.databasePath])
        #expect(next.status == 0, "stderr: \(next.stderr)")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 1)

        // Once they are stale, the next import removes them.
        let rows = [ImportedCard(question: "Q3", answer: "A3", explanation: nil, isReversed: false)]
        let (topic, summary) = try await store.importCards(topicNamed: "Big", from: ArrayCardRows(rows: rows))
        #expect(summary.cardsStored == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_cards") == 0)
        #expect(try await store.cards(topicID: topic.id).map(\.question) == ["Q1", "Q2", "Q3"])
        #expect(try await store.integrityCheck() == "ok")
    }

    /// `kill -9` while the cards of a new topic move into it, chunk by chunk: the topic and the cards moved so far
    /// stay hidden from every reader, and the next import removes them once the staging is stale.
    @Test func anImportKilledMidMoveLeavesNothingVisible() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let moved = try await Self.killImport(
            cli, once: "SELECT COUNT(*) FROM cards", reaches: 1, within: .seconds(600), polling: .milliseconds(5))
        #expect(moved > 0, "the cards were moving when it was killed")

        let later = Now { Date().addingTimeInterval(16 * 60) }
        let store = try Store(path: cli.databasePath, now: later)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await store.topic(named: "Big") == nil)
        let topics = try await store.topicSummaries()
        #expect(topics.map(\.name) == ["Kept"] && topics[0].cardCount == 0)
        #expect(try await store.newCardIDs(userID: 1, topicIDs: nil, limit: 10).isEmpty)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 1)
        let left = try await store.scalarInteger("SELECT COUNT(*) FROM cards") ?? 0
        #expect(left > 0 && left < 220_000, "\(left) cards moved before the kill, all hidden")

        // Stale by now: the next import removes the hidden topic with its cards, then the staged rows.
        let rows = [ImportedCard(question: "Q3", answer: "A3", explanation: nil, isReversed: false)]
        let (topic, summary) = try await store.importCards(topicNamed: "Big", from: ArrayCardRows(rows: rows))
        #expect(summary.cardsStored == 1 && summary.topicCreated)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 0)
        #expect(try await store.cards(topicID: topic.id).map(\.question) == ["Q3"])
        #expect(try await store.topicSummaries().map(\.name) == ["Big", "Kept"])
        #expect(try await store.integrityCheck() == "ok")
    }

    /// Starts `fcgen import` of a 200,000-row CSV into a new topic "Big" (beside an empty topic "Kept"), polls
    /// `count` on the database until it reaches `threshold` (or `limit` passes), then sends SIGKILL; returns the
    /// last count seen.
    static func killImport(
        _ cli: CLIRunner, once count: String, reaches threshold: Int64, within limit: Duration, polling: Duration
    ) async throws -> Int64 {
        let csv = cli.directory.appendingPathComponent("big.csv")
        try writeCSV(rows: 200_000, to: csv)
        #expect(try await cli.finish(["topic", "add", "Kept", "--db", cli.databasePath]).status == 0)
        let running = try cli.launch(
            executable: "fcgen", ["import", csv.path, "--topic", "Big", "--db", cli.databasePath])
        let observer = try Store(path: cli.databasePath, now: .system)
        var seen: Int64 = 0
        let deadline = ContinuousClock.now + limit
        while seen < threshold && ContinuousClock.now < deadline {
            seen = try await observer.scalarInteger(count) ?? 0
            try await Task.sleep(for: polling)
        }
        running.send(SIGKILL)
        let result = try await running.finish()
        #expect(result.status == SIGKILL, "killed mid-import; stderr: \(result.stderr)")
        return seen
    }

    /// `rows` CSV rows, every 10th reversed, written in 1 MiB pieces.
    static func writeCSV(rows: Int, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer = "question;answer;explanation;reversed\n"
        for index in 1...rows {
            buffer += "Question number \(index)?;Answer \(index);Because \(index % 97);"
            buffer += index % 10 == 0 ? "yes\n" : "\n"
            if buffer.utf8.count > 1_048_576 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}
