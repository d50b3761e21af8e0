public import FCGamification
public import FCStore
public import Foundation

/// A learner's study day by day over a date range, in their time zone: what `fcgen history` lists and
/// `fcgen calendar` draws.
///
/// Every day of the range has an entry (zeros on days without study), so a chart needs no gap filling.
public struct StudyHistory: Sendable, Codable, Hashable {
    public var user: String
    /// The IANA zone the days are counted in.
    public var timeZone: String
    /// The first day of the range (`YYYY-MM-DD` in JSON).
    public var from: LocalDay
    /// The last day of the range, included.
    public var to: LocalDay
    /// One entry per day, `from` to `to`.
    public var days: [StudyHistoryDay]
    /// The range's sums.
    public var totals: StudyHistoryTotals
}

/// What a learner did on one local day.
public struct StudyHistoryDay: Sendable, Codable, Hashable {
    /// The local day (`YYYY-MM-DD` in JSON).
    public var day: LocalDay
    /// Spaced reviews (answers recorded), including reviews of cards deleted since.
    public var reviews: Int
    /// Distinct cards reviewed: each card counts once a day however often it was answered, as the leaderboard's
    /// and the challenges' "cards" do (docs/gamification.md, "What each count counts").
    public var cards: Int
    /// Cards reviewed for the first time (new cards learned).
    public var newCards: Int
    /// Time spent studying, in seconds: see ``StudyService/history(user:from:to:day:)``.
    public var seconds: Int
    /// ``seconds`` in whole minutes, rounded.
    public var minutes: Int
    /// XP earned that day (every award, as the ledger holds it).
    public var xp: Int

    public init(day: LocalDay, reviews: Int = 0, cards: Int = 0, newCards: Int = 0, seconds: Int = 0, xp: Int = 0) {
        self.day = day
        self.reviews = reviews
        self.cards = cards
        self.newCards = newCards
        self.seconds = seconds
        minutes = Int((Double(seconds) / 60).rounded())
        self.xp = xp
    }
}

/// The sums of a history's days.
public struct StudyHistoryTotals: Sendable, Codable, Hashable {
    public var reviews: Int
    public var newCards: Int
    public var seconds: Int
    public var minutes: Int
    public var xp: Int
    /// Days with at least one review.
    public var daysStudied: Int

    init(_ days: [StudyHistoryDay]) {
        reviews = days.reduce(0) { $0 + $1.reviews }
        newCards = days.reduce(0) { $0 + $1.newCards }
        seconds = days.reduce(0) { $0 + $1.seconds }
        minutes = Int((Double(seconds) / 60).rounded())
        xp = days.reduce(0) { $0 + $1.xp }
        daysStudied = days.count { $0.reviews > 0 }
    }
}

extension StudyService {
    /// The longest time one answer counts for in the minutes studied: 5 minutes. A card left on screen over lunch
    /// is not an hour of study.
    public static let maximumCountedAnswerSeconds: TimeInterval = 5 * 60

    /// The longest range ``history(user:from:to:day:)`` builds: 10 years of days.
    public static let maximumHistoryDays = 3_660

    /// The learner's history from `from` to `to` (both included), in `day`'s time zone.
    ///
    /// - **cards**: distinct cards among those reviews;
    /// - **reviews**: spaced reviews that day, of live cards and of cards deleted since (deleting a deck keeps
    ///   the history it made: the XP those reviews earned stays too, so history and XP agree);
    /// - **new cards**: cards reviewed for the first time;
    /// - **seconds/minutes**: each review's recorded answer time (`learn` measures it; `session answer
    ///   --duration-ms` passes it; `review` has none), each capped at ``maximumCountedAnswerSeconds``, plus each
    ///   finished quiz's wall time (quizzes record no per-answer time), capped at that much per answer;
    /// - **XP**: the XP of every award earned that day, by the award's time, so the days of a range that covers
    ///   every award add up to the learner's total XP.
    ///
    /// - Throws: ``PipelineError/study(_:)`` when `from` is after `to` or the range is longer than
    ///   ``maximumHistoryDays``.
    package func history(user: User, from: LocalDay, to: LocalDay, day: StudyDay) async throws -> StudyHistory {
        guard from <= to else { throw PipelineError.study("history: \(from) is after \(to)") }
        let count = from.distance(to: to) + 1
        guard count <= Self.maximumHistoryDays else {
            throw PipelineError.study("history: \(count) days asked for, at most \(Self.maximumHistoryDays)")
        }
        let zone = day.timeZone
        let start = from.start(in: zone)
        let end = to.next.start(in: zone)
        var days = (0..<count).map { StudyHistoryDay(day: from.advanced(by: $0)) }
        var seconds = [Double](repeating: 0, count: count)
        var cards = [Set<Int64>](repeating: [], count: count)
        func index(_ instant: Date) -> Int? {
            let offset = from.distance(to: LocalDay(containing: instant, in: zone))
            return days.indices.contains(offset) ? offset : nil
        }
        for review in try await store.reviewActivity(userID: user.id, from: start, to: end) {
            guard let i = index(review.reviewedAt) else { continue }
            days[i].reviews += 1
            cards[i].insert(review.cardID)
            if review.isFirstReview { days[i].newCards += 1 }
            if let milliseconds = review.durationMilliseconds {
                seconds[i] += min(max(0, Double(milliseconds) / 1000), Self.maximumCountedAnswerSeconds)
            }
        }
        for quiz in try await store.quizActivity(userID: user.id, from: start, to: end) {
            guard let i = index(quiz.startedAt) else { continue }
            let cap = Double(quiz.answers) * Self.maximumCountedAnswerSeconds
            seconds[i] += min(max(0, quiz.endedAt.timeIntervalSince(quiz.startedAt)), cap)
        }
        for award in try await store.xpActivity(userID: user.id, from: start, to: end) {
            guard let i = index(award.earnedAt) else { continue }
            days[i].xp += award.xp
        }
        days = days.indices.map {
            StudyHistoryDay(
                day: days[$0].day, reviews: days[$0].reviews, cards: cards[$0].count, newCards: days[$0].newCards,
                seconds: Int(seconds[$0].rounded()), xp: days[$0].xp)
        }
        return StudyHistory(
            user: user.name, timeZone: day.zoneName, from: from, to: to, days: days,
            totals: StudyHistoryTotals(days))
    }
}
