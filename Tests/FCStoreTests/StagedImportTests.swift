import FCCore
import FCPipeline
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
            guard resume.wait(timeout: .now() + .seconds(TestPatience.seconds)) == .success else {
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
                continuation.resume(
                    returning: self.reached.wait(timeout: .now() + .seconds(TestPatience.seconds)) == .success)
            }
        }
    }
}

/// Runs a task's jobs on threads of their own (``FCTestSupport/DedicatedThreads``): an import whose source blocks
/// (``PausingSource``) must not hold a thread of the cooperative pool, which has two on a 2-core machine and is shared
/// by the tests running meanwhile (a dispatch queue would run it on those same threads).
private enum OwnThreadExecutor {
    static let shared = DedicatedThreads(count: 2, name: "staged-import")
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
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let source = PausingSource(Self.rows(12, reversedEvery: 4), pauseAt: 10)
        let importing = Task(executorPreference: OwnThreadExecutor.shared) {
            try await ImportCards.run(on: store, topicID: topic.id, from: source, chunkRows: 5)
        }
        #expect(await source.waitUntilPaused())

        let other = try await store.write("other") { try await Topics.ensure(named: "Other", in: $0) }
        #expect(other.name == "Other")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_cards") == 12, "10 rows, 2 twins")
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).isEmpty, "nothing reaches cards before the last row")
        source.resume.signal()

        let summary = try await importing.value
        #expect(summary.rows == 12 && summary.cardsStored == 15 && summary.twinsStored == 3)
        let cards = try await Cards.details(on: store, topicID: topic.id)
        #expect(cards.map(\.card.position) == Array(1...15))
        #expect(cards.prefix(5).map(\.card.question) == ["Q1", "Q2", "Q3", "Q4", "A4"])
        #expect(cards[4].reverseOf == cards[3].card.id)
        #expect(try await Self.stagedRows(store) == [0, 0, 0], "the staged rows are cleaned up")
    }

    /// A question stored while the import was staging (here by a second import) is skipped when the cards move
    /// in, with its twin, and the new cards follow the ones stored meanwhile.
    @Test func questionsStoredMeanwhileAreSkippedWithTheirTwins() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let rows = [
            ImportedCard(question: "Q1", answer: "A1", explanation: nil, isReversed: true),
            ImportedCard(question: "Q2", answer: "A2", explanation: nil, isReversed: false),
            ImportedCard(question: "Q3", answer: "A3", explanation: nil, isReversed: false),
        ]
        let source = PausingSource(rows, pauseAt: 2)
        let importing = Task(executorPreference: OwnThreadExecutor.shared) {
            try await ImportCards.run(on: store, topicID: topic.id, from: source, chunkRows: 1)
        }
        #expect(await source.waitUntilPaused())
        let meanwhile = try await ImportCards.run(
            on: store, topicID: topic.id,
            from: PausingSource([ImportedCard(question: "q1", answer: "x", explanation: nil, isReversed: false)]))
        #expect(meanwhile.cardsStored == 1)
        source.resume.signal()

        let summary = try await importing.value
        #expect(summary.rows == 3 && summary.cardsStored == 2 && summary.duplicatesSkipped == 2)
        #expect(summary.twinsStored == 0)
        let cards = try await Cards.details(on: store, topicID: topic.id)
        #expect(cards.map(\.card.question) == ["q1", "Q2", "Q3"])
        #expect(cards.map(\.card.position) == [1, 2, 3])
    }

    /// Rows with large pictures end a chunk early (8 MiB of text and pictures at most), so memory stays flat; the
    /// pictures still reach their cards, each moved with its card's chunk.
    @Test func picturesEndAChunkEarly() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let rows = (1...5).map { index in
            ImportedCard(
                kind: .image, question: "", answer: "Picture \(index)", explanation: nil, isReversed: false,
                image: NewImage(
                    hash: "hash\(index)", mimeType: "image/png",
                    bytes: [UInt8](repeating: UInt8(index), count: 3_000_000)
                ))
        }
        let source = PausingSource(rows, pauseAt: 3)
        let importing = Task(executorPreference: OwnThreadExecutor.shared) {
            try await ImportCards.run(on: store, topicNamed: "Pictures", from: source, moveChunkCards: 2)
        }
        #expect(await source.waitUntilPaused())
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_staged_images") == 3, "9 MB: one chunk")
        source.resume.signal()
        let (topic, summary) = try await importing.value
        #expect(summary.cardsStored == 5)
        #expect(
            try await Cards.details(on: store, topicID: topic.id).compactMap { $0.image?.hash }
                == (1...5).map { "hash\($0)" })
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 5)
    }

    /// A refusal after the last row (a bad row in an all-or-nothing import) deletes what was staged.
    @Test func aRefusedImportLeavesNoStagedRows() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let picture = NewImage(hash: "abc", mimeType: "image/png", bytes: [1, 2, 3])
        var rows = Self.rows(11, reversedEvery: 2)
        rows[3].image = picture
        await #expect(throws: StoreError.invalidPolicy("refused by the test")) {
            _ = try await ImportCards.run(
                on: store, topicNamed: "New", from: PausingSource(rows, refuse: true), chunkRows: 4)
        }
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
        #expect(try await Topics.named(on: store, "New") == nil)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 0)

        let (topic, summary) = try await ImportCards.run(
            on: store, topicNamed: "New", from: PausingSource(rows), chunkRows: 4)
        #expect(summary.cardsStored == 16 && summary.topicCreated)
        #expect(try await Cards.details(on: store, topicID: topic.id).compactMap { $0.image?.hash } == ["abc"])
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
    }

    /// Staged rows an import left behind (it died) are removed by the next import once they are stale, and not
    /// before: a fresh staging may belong to an import still running in another process.
    @Test func theNextImportSweepsStagingsLeftByADeadImport() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow(Fixtures.date)
        let store = try await Store.open(path: database.path, now: time.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let started = Int64((time.date.timeIntervalSince1970 * 1000).rounded())
        try await store.executeInTransaction(
            """
            INSERT INTO import_stagings (id, started_at, touched_at) VALUES (77, \(started), \(started));
            INSERT INTO import_staged_cards (staging_id, seq, kind, question, answer, dedup_key)
                VALUES (77, 1, 'question', 'Left', 'behind', 'left');
            """)
        time.advance(by: 60)
        _ = try await ImportCards.run(on: store, topicID: topic.id, from: PausingSource(Self.rows(2)))
        #expect(try await Self.stagedRows(store) == [1, 1, 0], "a staging touched a minute ago may be alive")

        time.advance(by: 15 * 60)
        _ = try await ImportCards.run(on: store, topicID: topic.id, from: PausingSource(Self.rows(3)))
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q1", "Q2", "Q3"])
    }

    /// Each staging transaction is one chunk, so the longest write of a many-chunk import is not the whole import:
    /// the store records the longest hold and which operation it was.
    @Test func theStoreRecordsItsLongestWriteHold() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        store.seams.longestWriteHold = nil
        let summary = try await ImportCards.run(
            on: store, topicNamed: "T", from: PausingSource(Self.rows(2_000, reversedEvery: 10)), chunkRows: 500)
        #expect(summary.summary.cardsStored == 2_200)
        let hold = try #require(store.seams.longestWriteHold)
        #expect(hold.operation.hasPrefix("import cards ("), "\(hold.operation)")
        #expect(hold.duration > .zero)
    }

    /// Every reader of topics and cards, on this store and on another one opened on the same database (as another
    /// process would), between two chunks of a new topic's move: it sees no topic, no card and no count of it.
    /// - Returns: what was wrong, empty when nothing of the import showed.
    static func leaks(of hiddenID: Int64, in reader: Store, userID: Int64, visible: [String]) async throws -> [String] {
        var leaks: [String] = []
        let first = try await reader.scalarInteger("SELECT MIN(id) FROM cards WHERE topic_id = \(hiddenID)")
        let last = try await reader.scalarInteger("SELECT MAX(id) FROM cards WHERE topic_id = \(hiddenID)")
        let hiddenCards = first.flatMap { first in last.map { Array(first...$0) } } ?? []
        if hiddenCards.isEmpty { leaks.append("no card was moved yet: the hook ran before a chunk committed") }
        let summaries = try await Topics.summaries(on: reader)
        if summaries.map(\.name) != visible || summaries.contains(where: { $0.cardCount != 0 }) {
            leaks.append("topic list: \(summaries)")
        }
        if try await Topics.named(on: reader, "New") != nil { leaks.append("topic(named:)") }
        if try await reader.read({ try await $0.topic(id: hiddenID) }) != nil { leaks.append("topic(id:)") }
        if try await !Cards.inTopic(on: reader, topicID: hiddenID).isEmpty { leaks.append("cards(topicID:)") }
        if try await !Cards.details(on: reader, topicID: hiddenID).isEmpty { leaks.append("cardDetails(topicID:)") }
        if try await !Cards.cards(on: reader, ids: hiddenCards).isEmpty { leaks.append("cards(ids:)") }
        if let first = hiddenCards.first, (try? await Cards.details(on: reader, id: first)) != nil {
            leaks.append("cardDetails(id:)")
        }
        let study = try await StudyReads.topicSummaries(
            on: reader, userID: userID, until: Fixtures.date.addingTimeInterval(1e9))
        if study.map(\.name) != visible { leaks.append("study summaries: \(study.map(\.name))") }
        if try await !StudyReads.newCardIDs(on: reader, userID: userID, topicIDs: nil, limit: 100).isEmpty {
            leaks.append("new cards of every topic")
        }
        if (try? await reader.read({
            try await $0.feed(userID: userID, topicID: hiddenID, until: Fixtures.date, limit: 5)
        }))
            != nil
        {
            leaks.append("feed")
        }
        if (try? await reader.read({ try await $0.cardPage(topicID: hiddenID, userID: userID, after: nil, limit: 5) }))
            != nil
        {
            leaks.append("card page")
        }
        return leaks
    }

    /// A new topic's cards move in chunks of short transactions into a hidden topic, and one last transaction shows
    /// it: between chunks no reader (this store's or another's on the same database) sees the topic, a card or a
    /// count of it; at the end every card is there, in row order, twins after their originals.
    @Test func aNewTopicStaysInvisibleUntilItsLastChunkIsIn() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let observer = try await Store.open(path: database.path, now: Fixtures.now)
        _ = try await Topics.ensure(on: store, named: "Kept")
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let found = Mutex<[String]>([])
        let chunks = Mutex(0)
        store.seams.importMoveChunkCommitted = { hiddenID in
            chunks.withLock { $0 += 1 }
            for reader in [store, observer] {
                do {
                    let leaks = try await Self.leaks(of: hiddenID, in: reader, userID: user.id, visible: ["Kept"])
                    found.withLock { $0 += leaks }
                } catch {
                    found.withLock { $0.append("\(error)") }
                }
            }
        }
        let (topic, summary) = try await ImportCards.run(
            on: store, topicNamed: "New", from: PausingSource(Self.rows(40, reversedEvery: 4)), chunkRows: 7,
            moveChunkCards: 9)

        #expect(found.withLock { $0 } == [])
        #expect(chunks.withLock { $0 } == 6, "50 cards, 9 a chunk")
        #expect(summary.rows == 40 && summary.cardsStored == 50 && summary.twinsStored == 10)
        #expect(summary.topicCreated && !summary.isDryRun && summary.duplicatesSkipped == 0)
        #expect(topic.name == "New")
        let cards = try await Cards.details(on: observer, topicID: topic.id)
        #expect(cards.map(\.card.position) == Array(1...50))
        #expect(cards.prefix(5).map(\.card.question) == ["Q1", "Q2", "Q3", "Q4", "A4"])
        #expect(cards[4].reverseOf == cards[3].card.id)
        #expect(cards[8].card.question == "Q8" && cards[9].card.question == "A8", "a twin across a chunk's end")
        #expect(cards[9].reverseOf == cards[8].card.id)
        #expect(try await Topics.summaries(on: observer).map(\.name) == ["Kept", "New"])
        #expect(try await Topics.named(on: observer, "new")?.id == topic.id)
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 0)
    }

    /// An import that fails half-way through the move leaves no topic and no card: its hidden topic is deleted with
    /// the staged rows before the error reaches the caller.
    @Test func anImportThatFailsMidMoveLeavesNothing() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        struct Stop: Error {}
        let chunks = Mutex(0)
        store.seams.importMoveChunkCommitted = { _ in
            // After the second chunk, as a full disk or a lost connection would.
            let chunk = chunks.withLock { count in
                count += 1
                return count
            }
            if chunk == 2 { throw Stop() }
        }
        await #expect(throws: Stop.self) {
            _ = try await ImportCards.run(
                on: store, topicNamed: "New", from: PausingSource(Self.rows(30)), chunkRows: 10, moveChunkCards: 10)
        }
        #expect(try await Topics.summaries(on: store).isEmpty)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 0)
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
    }

    /// A topic of the same name created while the cards were moving into their hidden topic: the hidden one is
    /// deleted and the cards go into the one that exists, after its cards, without the questions it has.
    @Test func aTopicOfTheNameCreatedMidMoveGetsTheCards() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let other = try await Store.open(path: database.path, now: Fixtures.now)
        let created = Mutex(false)
        store.seams.importMoveChunkCommitted = { _ in
            guard !created.withLock({ $0 }) else { return }
            created.withLock { $0 = true }
            _ = try? await ImportCards.run(
                on: other, topicNamed: "New",
                from: PausingSource([ImportedCard(question: "q2", answer: "x", explanation: nil, isReversed: false)]))
        }
        let (topic, summary) = try await ImportCards.run(
            on: store, topicNamed: "New", from: PausingSource(Self.rows(5)), chunkRows: 2, moveChunkCards: 2)

        #expect(summary.cardsStored == 4 && summary.duplicatesSkipped == 1 && !summary.topicCreated)
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["q2", "Q1", "Q3", "Q4", "Q5"])
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.position) == [1, 2, 3, 4, 5])
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 5)
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
    }

    /// A hidden topic left by an import that died mid-move is invisible, and the next import removes it (with its
    /// cards) once its staging is stale; a hidden topic without a staging (copied mid-import) goes too.
    @Test func theNextImportSweepsAHiddenTopicLeftByADeadImport() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow(Fixtures.date)
        let store = try await Store.open(path: database.path, now: time.now)
        let started = Int64((time.date.timeIntervalSince1970 * 1000).rounded())
        try await store.executeInTransaction(
            """
            INSERT INTO import_stagings (id, started_at, touched_at) VALUES (77, \(started), \(started));
            INSERT INTO topics (id, name, created_at, import_staging_id) VALUES (500, 'x1', \(started), 77);
            INSERT INTO topics (id, name, created_at, import_staging_id) VALUES (501, 'x2', \(started), 78);
            INSERT INTO cards (topic_id, origin, created_at, updated_at, kind, question, answer, dedup_key, position)
                VALUES (500, 'imported', \(started), \(started), 'question', 'Left', 'behind', 'left', 1),
                    (501, 'imported', \(started), \(started), 'question', 'Copied', 'x', 'copied', 1);
            """)
        #expect(try await Topics.summaries(on: store).isEmpty)
        time.advance(by: 60)
        _ = try await ImportCards.run(on: store, topicNamed: "T", from: PausingSource(Self.rows(2)))
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE topic_id = 500") == 1)

        time.advance(by: 15 * 60)
        _ = try await ImportCards.run(on: store, topicNamed: "T", from: PausingSource(Self.rows(3)))
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE import_staging_id IS NOT NULL") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 3, "Q1, Q2, Q3 of the two imports")
        #expect(try await Self.stagedRows(store) == [0, 0, 0])
        #expect(try await Topics.summaries(on: store).map(\.name) == ["T"])
    }

    /// A dry run for a new topic moves nothing (every staged card would be stored) and says what the import then
    /// stores, twins and skipped repeats included.
    @Test func aDryRunForANewTopicCountsWhatTheImportStores() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let rows =
            Self.rows(20, reversedEvery: 3) + [
                ImportedCard(question: "q5", answer: "again", explanation: nil, isReversed: true)
            ]
        let dry = try await ImportCards.run(
            on: store, topicNamed: "New", from: PausingSource(rows), dryRun: true, chunkRows: 4)
        #expect(try await Topics.summaries(on: store).isEmpty)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 0)
        #expect(try await Self.stagedRows(store) == [0, 0, 0])

        let real = try await ImportCards.run(
            on: store, topicNamed: "New", from: PausingSource(rows), chunkRows: 4, moveChunkCards: 5)
        var expected = real.summary
        expected.isDryRun = true
        #expect(dry.summary == expected)
        #expect(real.summary.cardsStored == 26 && real.summary.twinsStored == 6 && real.summary.duplicatesSkipped == 2)
    }
}
