package import FCCore
package import Foundation

/// What a listing of a topic's deck keeps (``Database/cardPage(topicID:userID:filter:after:limit:)``): every
/// condition given must hold; the empty filter keeps every card. The learner-dependent ones (`flag`, `due`,
/// `suspended`) read the listing learner's own flags and states.
package struct CardFilter: Sendable, Hashable {
    /// The learner's own marks on a card: a bookmark (the feed's swipe left), a burial not yet over, a suspension.
    package enum Flag: String, Sendable, Hashable, CaseIterable {
        case bookmarked
        case buried
        case suspended
    }

    /// The longest search text, in characters.
    package static let maximumTextLength = 200

    /// Text that the question, the answer or the explanation contains, ignoring the case of ASCII letters (the
    /// same on both engines: SQLite's `lower()` folds only A–Z, and PostgreSQL's under the "C" collation too).
    package var text: String?
    package var kind: CardKind?
    package var flag: Flag?
    /// Whether the card is due for the learner by `dueBy` (true), or not (false), as the topic's due count counts
    /// it: studied, due by then, neither suspended nor buried, and not a fallback card.
    package var due: Bool?
    /// The end of the learner's day, which `due` compares with.
    package var dueBy: Date
    /// Whether the learner suspended the card (true) or not (false).
    package var suspended: Bool?

    package init(
        text: String? = nil, kind: CardKind? = nil, flag: Flag? = nil, due: Bool? = nil, dueBy: Date = .distantPast,
        suspended: Bool? = nil
    ) {
        self.text = text
        self.kind = kind
        self.flag = flag
        self.due = due
        self.dueBy = dueBy
        self.suspended = suspended
    }

    /// Search text as typed, trimmed: `nil` when nothing is left (no text condition), else the text or the
    /// problem with it ("is longer than 200 characters"), which the caller prefixes with the parameter's name.
    package static func searchText(_ typed: String) -> Result<String, TextProblem>? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return nil }
        if text.count > maximumTextLength {
            return .failure(TextProblem("is longer than \(maximumTextLength) characters"))
        }
        if ControlCharacters.first(in: text) != nil {
            return .failure(TextProblem("must not contain control characters"))
        }
        return .success(text)
    }

    /// Why search text was refused.
    package struct TextProblem: Error, Sendable, Hashable {
        package var message: String
        init(_ message: String) { self.message = message }
    }

    /// Keeps every card.
    package static let none = CardFilter()

    /// Whether the filter keeps every card.
    package var isEmpty: Bool { text == nil && kind == nil && flag == nil && due == nil && suspended == nil }

    /// The conditions as one line, `q=…&kind=…` in a fixed order (without `dueBy`, which moves with the clock):
    /// what a page cursor is tied to.
    package var canonical: String {
        [
            text.map { "q=\($0)" }, kind.map { "kind=\($0.rawValue)" }, flag.map { "flag=\($0.rawValue)" },
            due.map { "due=\($0)" }, suspended.map { "suspended=\($0)" },
        ].compactMap { $0 }.joined(separator: "&")
    }
}
