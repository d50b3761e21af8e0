import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation

/// A temp database with one learner and topics of cards, a manual clock and the study service over them.
struct StudyHarness {
    let database: TemporaryDatabase
    let time: ManualNow
    let store: Store
    let service: StudyService
    let user: User

    static let start = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    init(start: Date = StudyHarness.start) async throws {
        database = await TemporaryDatabase.make()
        time = ManualNow(start)
        store = try await Store.open(path: database.path, now: time.now)
        service = StudyService(store: store, now: time.now)
        user = try await Learners.ensure(on: store, named: User.defaultName)
    }

    /// A topic with `count` cards "<name> question i?" / "<name> answer i".
    func topic(_ name: String, cards count: Int) async throws -> (topic: Topic, cards: [Card]) {
        let topic = try await Topics.ensure(on: store, named: name)
        let drafts = (1...count).map {
            CardDraft(question: "\(name) question \($0)?", answer: "\(name) answer \($0)", origin: .manual)
        }
        let batch = NewBatch(
            topicID: topic.id, plan: BatchPlan(number: 1, aspect: "a", depth: .intermediate), provider: "test",
            model: "test", promptHash: "h", outcome: .strict, dropped: [:], usage: TokenUsage(input: 0, output: 0),
            latencyMilliseconds: 0, cards: drafts)
        return (topic, try await BatchStorage.store(on: store, batch).cards)
    }

    /// Every row of every table, as text: compare before and after to prove nothing changed (on either engine).
    func tableContents() async throws -> String {
        let postgres = store.path.hasPrefix("postgres")
        let tables = try await store.scalarText(
            postgres
                ? """
                SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables
                WHERE table_schema = 'public'
                """
                : "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)"
        )
        var dump = ""
        for table in (tables ?? "").split(separator: ",") {
            let columns = try await store.scalarText(
                postgres
                    ? """
                    SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns
                    WHERE table_schema = 'public' AND table_name = '\(table)'
                    """
                    : "SELECT group_concat(name, ',') FROM pragma_table_info('\(table)')")
            let quote = postgres ? "quote_nullable" : "quote"
            let row = (columns ?? "").split(separator: ",").map { "\(quote)(\($0))" }.joined(separator: " || '|' || ")
            let rows = try await store.scalarText(
                postgres
                    ? "SELECT string_agg(r, chr(10) ORDER BY r) FROM (SELECT \(row) AS r FROM \(table)) AS dump"
                    : "SELECT group_concat(r, char(10)) FROM (SELECT \(row) AS r FROM \(table) ORDER BY 1)")
            dump += "\(table):\n\(rows ?? "")\n"
        }
        return dump
    }
}
