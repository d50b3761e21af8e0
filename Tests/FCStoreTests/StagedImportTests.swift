import FCCore
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Rows from an array; at row `pauseAt` (0-based) it says so and waits (up to a minute) until the test lets it go,
/// so a test can act while an import is half staged.
private final class PausingSource: CardRowSource, @unchecked Sendable {
    let rows: [ImportedCard]
    let pauseAt: Int?
    let refuse: Bool
    private var index = 0
    let reached = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)

    init(_ rows: [ImportedCard], pauseAt: Int? = nil, refuse: Bool = false) {
        self.rows = rows
        self.pauseAt = pauseAt
        self.refuse = refuse
    }

    func next() throws -> ImportedCard? {
        guard index < rows.count else { return nil }
        if index == pauseAt {
            reached.signal()
            guard resume.wait(timeout: .now() + 60) == .success else {
                throw StoreError.invalidPolicy("the test never let the import go on")
            }
        }
        defer { index += 1 }
        return rows[index]
    }

    func finish(_ summary: ImportSummary) throws {
        if refuse { throw StoreError.invalidPolicy("refused by the test") }
    }

    /// Waits, off the cooperative pool, until the source is paused.
    func waitUntilPaused() async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.reached.wait(timeout: .now() + 60) == .success)
            }
        }
    }
}

/// Runs a task's jobs on a queue of its own: an import whose source blocks (``PausingSource``) must not hold a thread
/// of the cooperative pool, which has two on a 2-core machine and is shared by the tests running meanwhile.
private final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "fcgen.tests.staged-import")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

struct StagedImportTests {
    static func rows(_ count: Int, reversedEvery: Int = 0) -> [ImportedCard] {
        (1...count).map { index in
            ImportedCard(
                question: "Q\(index)", answer: "A\(index)", explanation: nil,
                isReversed: reversedEvery > 0 && index % reversedEvery == 0)
        }
    }

    static func stagedRows(_ store: Store) async throws -> [Int64] {
        [
            try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") ?? -1,
            try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_cards") ?? -1,
            try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_images") ?? -1,
        ]
    }

    /// The write lock is free between chunks: another write commits while the import is parsing its third chunk,
    /// and the chunks before it are staged, not in `cards`.
    @Test func anotherWriteCommitsWhileAnImportIsUnderWay() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let topic = try await store.ensureTopic(named: "T")
        let source = PausingSource(Self.rows(12, reversedEvery: 4), pauseAt: 10)
        let importing = Task(executorPreference: OwnThreadExecutor()) {
            try await store.importCards(topicID: topic.id, from: source, chunkRows: 5)
        }
        #expect(await source.waitUntilPaused())

        let other = try await store.write("other") { try $0.ensureTopic(named: "Other") }
        #expect(other.name == "Other")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_cards") == 12, "10 rows, 2 twins")
        #expect(try await store.cards(topicID: topic.id).isEmpty, "nothing reaches cards before the last row")
        source.resume.signal()

        let summary = try await importing.value
        #expect(summary.rows == 12 && summary.cardsStored == 15 && summary.twinsStored == 3)
        let cards = try await store.cardDetails(topicID: topic.id)
        #expect(cards.map(\.card.position) == Array(1...15))
        #expect(cards.prefix(5).map(\.card.question) == ["Q1", "Q2", "Q3", "Q4", "A4"])
        #expect(cards[4].reverseOf == cards[3].card.id)
        #expect(try await Self.stagedRows(store) == [0, 0, 0], "the staged rows are cleaned up")
    }

    /// A question stored while the import was staging (here by a second import) is skipped when the cards move
    /// in, with its twin, and the new cards follow the ones stored meanwhile.
    @Test func questionsStoredMeanwhileAreSkippedWithTheirTwins() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let topic = try await store.ensureTopic(named: "T")
        let rows = [
            ImportedCard(question: "Q1", answer: "A1", explanation: nil, isReversed: true),
            ImportedCard(question: "Q2", answer: "A2", explanation: nil, isReversed: false),
            ImportedCard(question: "Q3", answer: "A3", explanation: nil, isReversed: false),
        ]
        let source = PausingSource(rows, pauseAt: 2)
        let importing = Task(executorPreference: OwnThreadExecutor()) {
            try await store.importCards(topicID: topic.id, from: source, chunkRows: 1)
        }
        #expect(await source.waitUntilPaused())
        let meanwhile = try await store.importCards(
            topicID: topic.id,
            from: PausingSource([ImportedCard(question: "q1", answer: "x", explanation: nil, isReversed: false)]))
        #expect(meanwhile.cardsStored == 1)
        source.resume.signal()

        let summary = try await importing.value
        #expect(summary.rows == 3 && summary.cardsStored == 2 && summary.duplicatesSkipped == 2)
        #expect(summary.twinsStored == 0)
        let cards = try await store.cardDetails(topicID: topic.id)
        #expect(cards.map(\.card.question) == ["q1", "Q2", "Q3"])
        #expect(cards.map(\.card.position) == [1, 2, 3])
    }

    /// Rows with large pictures end a chunk early (8 MiB of text and pictures at most), so memory stays flat; the
    /// pictures still reach their cards.
    @Test func picturesEndAChunkEarly() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let rows = (1...5).map { index in
            ImportedCard(
                kind: .image, question: "", answer: "Picture \(index)", explanation: nil, isReversed: false,
                image: NewImage(
                    hash: "hash\(index)", mimeType: "image/png",
                    bytes: [UInt8](repeating: UInt8(index), count: 3_000_000)
                ))
        }
        let source = PausingSource(rows, pauseAt: 3)
        let importing = Task(executorPreference: OwnThreadExecutor()) {
            try await store.importCards(topicNamed: "Pictures", from: source)
        }
        #expect(await source.waitUntilPaused())
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_images") == 3, "9 MB: one chunk")
        source.resume.signal()
        let (topic, summary) = try await importing.value
        #expect(summary.cardsStored == 5)
        #expect(
            try await store.cardDetails(topicID: topic.id).compactMap { $0.image?.hash } == (1...5).map { "hash\($0)" })
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 5)
    }

    /// A refusal after the last row (a bad row in an all-or-nothing import) deletes what was staged.
    @Test func aRefusedImportLeavesNoStagedRows() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let picture = NewImage(hash: "abc", mimeType: "image/png", bytes: [1, 2, 3])
        var rows = Self.rows(11, reversedEvery: 2)
        rows[3].image = picture
        await #expect(throws: StoreError.invalidPolicy("refused by the test")) {
            _ = try await store.importCards(topicNamed: "New", from: PausingSource(rows, refuse: true), chunkRows: 4)
        }
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
        #expect(try await store.topic(named: "New") == nil)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 0)

        let (topic, summary) = try await store.importCards(topicNamed: "New", from: PausingSource(rows), chunkRows: 4)
        #expect(summary.cardsStored == 16 && summary.topicCreated)
        #expect(try await store.cardDetails(topicID: topic.id).compactMap { $0.image?.hash } == ["abc"])
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
    }

    /// Staged rows an import left behind (it died) are removed by the next import once they are stale, and not
    /// before: a fresh staging may belong to an import still running in another process.
    @Test func theNextImportSweepsStagingsLeftByADeadImport() async throws {
        let database = TemporaryDatabase()
        let time = ManualNow(Fixtures.date)
        let store = try Store(path: database.path, now: time.now)
        let topic = try await store.ensureTopic(named: "T")
        let started = Int64((time.date.timeIntervalSince1970 * 1000).rounded())
        try await store.executeInTransaction(
            """
            INSERT INTO import_stagings (id, started_at, touched_at) VALUES (77, \(started), \(started));
            INSERT INTO import_staged_cards (staging_id, seq, kind, question, answer, dedup_key)
                VALUES (77, 1, 'question', 'Left', 'behind', 'left');
            """)
        time.advance(by: 60)
        _ = try await store.importCards(topicID: topic.id, from: PausingSource(Self.rows(2)))
        #expect(try await Self.stagedRows(store) == [1, 1, 0], "a staging touched a minute ago may be alive")

        time.advance(by: 15 * 60)
        _ = try await store.importCards(topicID: topic.id, from: PausingSource(Self.rows(3)))
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
        #expect(try await store.cards(topicID: topic.id).map(\.question) == ["Q1", "Q2", "Q3"])
    }

    /// Each staging transaction is one chunk, so the longest write of a many-chunk import is not the whole import:
    /// the store records the longest hold and which operation it was.
    @Test func theStoreRecordsItsLongestWriteHold() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        store.seams.longestWriteHold = nil
        let summary = try await store.importCards(
            topicNamed: "T", from: PausingSource(Self.rows(2_000, reversedEvery: 10)), chunkRows: 500)
        #expect(summary.summary.cardsStored == 2_200)
        let hold = try #require(store.seams.longestWriteHold)
        #expect(hold.operation.hasPrefix("import cards ("), "\(hold.operation)")
        #expect(hold.duration > .zero)
    }
}
