import FCCore
import FCPipeline
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
            polling: .milliseconds(5))
        #expect(staged >= 10_000, "the import was staging when it was killed")

        // Reopened later: the staged rows are all that is left, and the database is sound.
        let later = Now { Date().addingTimeInterval(16 * 60) }
        let store = try await Store.open(path: cli.databasePath, now: later)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await Topics.named(on: store, "Big") == nil)
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
        let (topic, summary) = try await ImportCards.run(on: store, topicNamed: "Big", from: ArrayCardRows(rows: rows))
        #expect(summary.cardsStored == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_cards") == 0)
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q1", "Q2", "Q3"])
        #expect(try await store.integrityCheck() == "ok")
    }

    /// `kill -9` while the cards of a new topic move into it, chunk by chunk: the topic and the cards moved so far
    /// stay hidden from every reader, and the next import removes them once the staging is stale.
    @Test func anImportKilledMidMoveLeavesNothingVisible() async throws {
        let (cli, moved) = try await Self.killMidMove()
        defer { cli.cleanUp() }
        #expect(moved > 0, "the cards were moving when it was killed")

        let later = Now { Date().addingTimeInterval(16 * 60) }
        let store = try await Store.open(path: cli.databasePath, now: later)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await Topics.named(on: store, "Big") == nil)
        let topics = try await Topics.summaries(on: store)
        #expect(topics.map(\.name) == ["Kept"] && topics[0].cardCount == 0)
        #expect(try await StudyReads.newCardIDs(on: store, userID: 1, topicIDs: nil, limit: 10).isEmpty)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 1)
        let left = try await store.scalarInteger("SELECT COUNT(*) FROM cards") ?? 0
        #expect(left > 0 && left < 220_000, "\(left) cards moved before the kill, all hidden")

        // Stale by now: the next import removes the hidden topic with its cards, then the staged rows.
        let rows = [ImportedCard(question: "Q3", answer: "A3", explanation: nil, isReversed: false)]
        let (topic, summary) = try await ImportCards.run(on: store, topicNamed: "Big", from: ArrayCardRows(rows: rows))
        #expect(summary.cardsStored == 1 && summary.topicCreated)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 0)
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q3"])
        #expect(try await Topics.summaries(on: store).map(\.name) == ["Big", "Kept"])
        #expect(try await store.integrityCheck() == "ok")
    }

    /// Kills an import while its cards move into the hidden topic: the count of cards is watched until the first
    /// chunk is in. A machine too busy to freeze the importer before it shows the topic gets another try on a new
    /// database (three in all); returns the runner of the one that landed and the cards it had moved.
    static func killMidMove() async throws -> (CLIRunner, Int64) {
        for attempt in 1...3 {
            let cli = try CLIRunner()
            let moved = try await killImport(
                cli, once: "SELECT COUNT(*) FROM cards", reaches: 1, within: .seconds(600), polling: .milliseconds(1))
            let hidden = "SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL"
            if attempt == 3 || ImportWatcher.integer(hidden, in: cli.databasePath) == 1 { return (cli, moved) }
            cli.cleanUp()
        }
        preconditionFailure("the last attempt returns")
    }

    /// Starts `fcgen import` of a 200,000-row CSV into a new topic "Big" (beside an empty topic "Kept"), watches
    /// `count` on the database until it reaches `threshold` (or `limit` passes), freezes the importer there and
    /// sends SIGKILL; returns the count it froze at.
    static func killImport(
        _ cli: CLIRunner, once count: String, reaches threshold: Int64, within limit: Duration, polling: Duration
    ) async throws -> Int64 {
        let csv = cli.directory.appendingPathComponent("big.csv")
        try writeCSV(rows: 200_000, to: csv)
        #expect(try await cli.finish(["topic", "add", "Kept", "--db", cli.databasePath]).status == 0)
        let running = try await cli.launch(
            executable: "fcgen", ["import", csv.path, "--topic", "Big", "--db", cli.databasePath])
        let sighting = await ImportWatcher.stop(
            pid: running.processIdentifier, when: count, reaches: threshold, in: cli.databasePath, within: limit,
            every: polling)
        #expect(sighting.reached, "\(count) reached only \(sighting.count) in \(limit)")
        running.send(SIGKILL)
        let result = try await running.finish()
        #expect(result.status == SIGKILL, "killed mid-import; stderr: \(result.stderr)")
        return sighting.count
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
