import FCCore
import FCGamification
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

@testable import FCPipeline

/// PostgreSQL writes a review outside a session in one statement (``FCStore/ReviewRepository``), SQLite with the
/// per-table statements: the same sequence of reviews leaves the same rows on both (states, reviews, XP and its
/// ledger, challenges, daily stats, achievements, boxes, the gamification state). Needs `FCGEN_TEST_POSTGRES_URL`.
struct ReviewEnginesAgreeTests {
    /// Reviews over three days, plain and under idempotency keys (one replayed), with cards becoming known and a
    /// topic completed: every table a review writes reads the same on both engines.
    @Test func theSameReviewsLeaveTheSameRowsOnBothEngines() async throws {
        let sqlitePlace = await TemporaryDatabase.make()
        let sqlite = try await Self.play(on: sqlitePlace.directory + "/engines.sqlite")
        var postgres = ""
        try await TestPostgresServer.onEngine(postgres: true, label: "enginesagree") { url in
            postgres = try await Self.play(on: try #require(url))
        }
        #expect(sqlite.contains("xp_events:\n") && sqlite.split(separator: "\n").count > 20, "\(sqlite)")
        #expect(postgres == sqlite)
    }

    /// The sequence, on a store at `path`; the rows it left, as text.
    private static func play(on path: String) async throws -> String {
        let time = ManualNow(StudyHarness.start)
        let store = try await Store.open(path: path, now: time.now)
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let drafts = (1...3).map { CardDraft(question: "Rome \($0)?", answer: "Answer \($0)", origin: .manual) }
        let cards = try await BatchStorage.store(
            on: store,
            NewBatch(
                topicID: topic.id, plan: BatchPlan(number: 1, aspect: "a", depth: .intermediate), provider: "test",
                model: "test", promptHash: "h", outcome: .strict, dropped: [:],
                usage: TokenUsage(input: 0, output: 0), latencyMilliseconds: 0, cards: drafts)
        ).cards
        let recorder = ReviewRecorder(store: store, gamifier: Gamifier(random: RandomSource(seed: 7)), now: time.now)
        for day in 0..<3 {
            for (index, card) in cards.enumerated() {
                let rating: Rating = index == 1 && day == 0 ? .fail : .easy
                if index == 0 {
                    let answer = ReviewInput(userID: user.id, cardID: card.id, rating: rating, at: time.date)
                    for _ in 0..<2 {
                        _ = try await recorder.record(
                            [answer], userID: user.id, idempotencyKey: "k\(day)", requestHash: "h\(day)"
                        ) { results in results.map { "\($0.state.reps):\($0.rewards?.totalXP ?? -1)" }.joined() }
                    }
                } else {
                    _ = try await recorder.record(userID: user.id, cardID: card.id, rating: rating, at: time.date)
                }
                time.advance(by: 60)
            }
            time.advance(by: 86_400 * Double(day + 1))
        }
        var rows = ""
        for (table, columns) in tables {
            rows += "\(table):\n" + (try await Self.rows(of: table, columns: columns, in: store)) + "\n"
        }
        for card in cards {
            rows +=
                "state \(card.id): \(String(describing: try await store.cardState(userID: user.id, cardID: card.id)))\n"
        }
        await store.close()
        return rows
    }

    /// The integer and text columns compared (doubles are compared through ``FCStore/StoredCardState``; ids that
    /// PostgreSQL's sequences skip on a conflict are left out).
    private static let tables: [(String, [String])] = [
        (
            "reviews",
            ["user_id", "card_id", "session_id", "rating", "reviewed_at", "duration_ms", "algorithm", "topic_id"]
        ),
        ("xp_events", ["user_id", "kind", "reference", "xp", "day", "earned_at", "session_id"]),
        ("challenges", ["user_id", "day", "kind", "target", "xp", "progress", "completed_at", "expires_at"]),
        ("daily_stats", ["user_id", "day", "cards_reviewed", "topics_explored", "achievements", "xp"]),
        ("achievements", ["user_id", "achievement_id", "unlocked_at"]),
        ("boxes", ["user_id", "box_id", "session_id", "ordinal", "rarity", "earned_at", "opened_at", "xp"]),
        ("gamification_state", ["user_id", "state_json", "total_xp", "updated_at"]),
        ("idempotency_keys", ["user_id", "key", "request_hash", "status", "response"]),
    ]

    private static func rows(of table: String, columns: [String], in store: Store) async throws -> String {
        let row = columns.map { "COALESCE(CAST(\($0) AS TEXT), 'NULL')" }.joined(separator: " || '|' || ")
        let query =
            store.path.hasPrefix("postgres")
            ? "SELECT string_agg(r, chr(10)) FROM (SELECT \(row) AS r FROM \(table)) AS d"
            : "SELECT group_concat(r, char(10)) FROM (SELECT \(row) AS r FROM \(table))"
        // Sorted here: the engines' collations need not agree.
        let rows = (try await store.scalarText(query) ?? "").split(separator: "\n").sorted().joined(separator: "\n")
        return sortingIntegerArrays(rows)
    }

    /// `text` with every JSON array of integers sorted: the gamification state encodes sets (the day's card ids),
    /// whose order Swift does not fix from one `Set` to another.
    private static func sortingIntegerArrays(_ text: String) -> String {
        text.replacing(/\[([0-9]+(?:,[0-9]+)+)\]/) { match in
            "[" + match.output.1.split(separator: ",").sorted { Int($0) ?? 0 < Int($1) ?? 0 }.joined(separator: ",")
                + "]"
        }
    }
}
