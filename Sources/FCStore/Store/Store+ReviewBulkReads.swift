import FCScheduler
import Foundation

/// The award keys (`kind:reference`) a batch's learners already hold, for the kinds a review can earn: what lets
/// a batch count an award as new without asking the database per review.
///
/// Read for every learner once, at the start: the lasting kinds (`xp:topic`, `achievement`, `level`) whole, and
/// the daily kinds (`xp:card`, `xp:streak`, `challenge`, whose reference holds the learner's local day) for the
/// days from one day before the batch's first review to one day after its last (in UTC, which covers every time
/// zone's local day). An award outside those (another kind, a day outside, or a batch without review times) is
/// not covered: the batch asks the database for it.
struct BulkAwardKeys {
    static let lastingKinds: Set<String> = ["xp:topic", "achievement", "level"]
    static let dailyKinds: Set<String> = ["xp:card", "xp:streak", "challenge"]

    /// The local days covered, `YYYY-MM-DD`; `nil` when the batch gave no review times.
    let days: ClosedRange<String>?
    /// Keys held per learner, with those the batch counted as new since.
    private var held: [Int64: Set<String>] = [:]
    /// The learners whose keys were read.
    private var learnersRead: Set<Int64> = []

    init(times: [Date]) {
        if let first = times.min(), let last = times.max() {
            days = Self.utcDay(first.addingTimeInterval(-86_400))...Self.utcDay(last.addingTimeInterval(86_400))
        } else {
            days = nil
        }
    }

    /// Whether the learner's key for `award` is known either way (held or not).
    func covers(_ award: AwardRecord, userID: Int64) -> Bool {
        guard learnersRead.contains(userID) else { return false }
        if Self.lastingKinds.contains(award.kind) { return true }
        guard let days, Self.dailyKinds.contains(award.kind) else { return false }
        return days.contains(award.day) && award.reference.contains(award.day)
    }

    /// Counts `key` as the learner's; `false` when they held it already.
    mutating func insert(_ key: String, userID: Int64) -> Bool {
        held[userID, default: []].insert(key).inserted
    }

    /// Sends one read per learner (answered with the batch's first wait).
    func prefetch(_ learners: [Int64], on connection: any SQLConnection) async throws -> [(Int64, any SQLStatement)] {
        var reads: [(Int64, any SQLStatement)] = []
        for userID in learners {
            let statement = try connection.freshStatement(
                for: """
                    SELECT kind, reference FROM xp_events
                    WHERE user_id = \(userID) AND (kind IN ('xp:topic', 'achievement', 'level')
                        OR (kind IN ('xp:card', 'xp:streak', 'challenge')
                            AND day BETWEEN \(days?.lowerBound ?? "9") AND \(days?.upperBound ?? "0")))
                    """,
                operation: "read held awards")
            try await statement.prefetch()
            reads.append((userID, statement))
        }
        return reads
    }

    mutating func read(_ reads: [(Int64, any SQLStatement)]) async throws {
        for (userID, statement) in reads {
            defer { statement.reset() }
            var keys: Set<String> = []
            while try await statement.step() { keys.insert("\(statement.string(at: 0)):\(statement.string(at: 1))") }
            held[userID, default: []].formUnion(keys)
            learnersRead.insert(userID)
        }
    }

    static func utcDay(_ date: Date) -> String { UTCDay.text(of: date) }
}

/// The recall windows of a batch, from memory: the stored reviews each window can reach, read once, and the
/// batch's reviews as they are decided (``Database/recentRecall(userID:topicID:before:window:)`` one by one).
struct BulkRecall {
    private struct Group: Hashable {
        var userID: Int64
        var topicID: Int64
    }

    /// A review in a window's order: time, then id (the batch's reviews after every stored one, in batch order).
    private struct Entry {
        var time: Int64
        var order: Int64
        var passed: Bool
    }

    private var entries: [Group: [Entry]] = [:]
    private var nextOrder = Int64.max / 2

    /// For each learner and topic whose reviews in the batch read a window: the stored reviews at or before the
    /// first one's time that its window can reach (the latest `size`), and every stored review between the first
    /// and the last one's times. Sent together, answered with one wait.
    static func read(
        _ reviews: [PendingReview], cards: BulkCardContexts, on connection: any SQLConnection
    ) async throws -> BulkRecall {
        var spans: [Group: (first: Int64, last: Int64, size: Int)] = [:]
        var order: [Group] = []
        for review in reviews {
            guard let window = review.recallWindow, let card = cards.cards[review.cardID],
                window.applies(to: card.algorithm)
            else { continue }
            let group = Group(userID: review.userID, topicID: card.topicID)
            let time = window.time.unixMilliseconds
            if let span = spans[group] {
                spans[group] = (min(span.first, time), max(span.last, time), max(span.size, window.size))
            } else {
                spans[group] = (time, time, window.size)
                order.append(group)
            }
        }
        var reads: [(Group, any SQLStatement)] = []
        for group in order {
            guard let span = spans[group] else { continue }
            let latest = try connection.freshStatement(
                for: Self.latest(connection.dialect, group: group, before: span.first, size: span.size),
                operation: "read recall window")
            try await latest.prefetch()
            reads.append((group, latest))
            guard span.last > span.first else { continue }
            let between = try connection.freshStatement(
                for: """
                    SELECT reviewed_at, id, rating FROM reviews
                    WHERE user_id = \(group.userID) AND topic_id = \(group.topicID) AND reviewed_at > \(span.first)
                        AND reviewed_at <= \(span.last)
                    """,
                operation: "read recall window")
            try await between.prefetch()
            reads.append((group, between))
        }
        var recall = BulkRecall()
        for (group, statement) in reads {
            defer { statement.reset() }
            while try await statement.step() {
                recall.entries[group, default: []].append(
                    Entry(time: statement.int64(at: 0), order: statement.int64(at: 1), passed: statement.int(at: 2) > 0)
                )
            }
        }
        return recall
    }

    /// The latest `size` stored reviews of the group's learner in its topic at or before `time`:
    /// `(reviewed_at, id, rating)`.
    private static func latest(_ dialect: SQLDialect, group: Group, before time: Int64, size: Int) -> StoreQuery {
        switch dialect {
        case .sqlite:
            """
            SELECT reviewed_at, id, rating FROM reviews
            WHERE user_id = \(group.userID) AND topic_id = \(group.topicID) AND reviewed_at <= \(time)
            ORDER BY reviewed_at DESC, id DESC
            LIMIT \(size)
            """
        case .postgres:
            "SELECT reviewed_at, id, rating FROM fcgen_recent_reviews(\(group.userID), \(group.topicID), \(time), \(size))"
        }
    }

    /// The window of a review at `time`: the latest `size` of the learner's reviews in the topic at or before it.
    func sample(userID: Int64, topicID: Int64, before time: Date, size: Int) -> RecallSample {
        let limit = time.unixMilliseconds
        let reachable = (entries[Group(userID: userID, topicID: topicID)] ?? []).filter { $0.time <= limit }
            .sorted { ($0.time, $0.order) > ($1.time, $1.order) }
            .prefix(size)
        return RecallSample(reviews: reachable.count, passed: reachable.filter(\.passed).count)
    }

    /// A review of the batch, decided: it enters the windows of the later ones.
    mutating func add(userID: Int64, topicID: Int64, at time: Date, rating: Int) {
        entries[Group(userID: userID, topicID: topicID), default: []].append(
            Entry(time: time.unixMilliseconds, order: nextOrder, passed: rating > 0))
        nextOrder += 1
    }
}
