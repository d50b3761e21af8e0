/// What the review pass (`--review`) did to one batch, in its ``BatchSummary`` and the `--json` report.
///
/// `before` cards went into the pass and `after` came out: `rewritten` were replaced, `dropped` removed, and the
/// other `kept` (`after` = `rewritten` + `kept`). A review that failed or was skipped changes nothing (`after` =
/// `before`) and says why in `warning`.
public struct ReviewSummary: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// The reply was read and applied.
        case applied
        /// The request failed or its reply was unusable: the batch is stored as sanitized.
        case failed
        /// A budget refused the review request: nothing was sent, the batch is stored as sanitized.
        case skipped
    }

    public var status: Status
    /// The cards sent for review: the flagged ones, or every card of a batch made from a source.
    public var reviewed: Int
    public var before: Int
    public var after: Int
    public var rewritten: Int
    public var dropped: Int
    public var kept: Int
    /// Rewrites the sanitizer or a quality rule refused: the original card was kept, with its flags (counted in
    /// `kept`).
    public var rewritesRefused: Int
    /// Why a review failed or was skipped; `nil` when it was applied.
    public var warning: String?

    public init(
        status: Status, reviewed: Int, before: Int, after: Int, rewritten: Int = 0, dropped: Int = 0,
        rewritesRefused: Int = 0, warning: String? = nil
    ) {
        self.status = status
        self.reviewed = reviewed
        self.before = before
        self.after = after
        self.rewritten = rewritten
        self.dropped = dropped
        self.kept = after - rewritten
        self.rewritesRefused = rewritesRefused
        self.warning = warning
    }

    /// A review that changed nothing (`failed` or `skipped`), for a batch of `count` cards.
    static func unchanged(_ status: Status, reviewed: Int, count: Int, warning: String) -> ReviewSummary {
        ReviewSummary(status: status, reviewed: reviewed, before: count, after: count, warning: warning)
    }

    /// `review: 15 cards → 13 (2 rewritten, 2 dropped, 11 kept)`.
    public var line: String { Self.line(before: before, after: after, rewritten: rewritten, dropped: dropped) }

    static func line(before: Int, after: Int, rewritten: Int, dropped: Int) -> String {
        "review: \(before) cards → \(after) (\(rewritten) rewritten, \(dropped) dropped, "
            + "\(after - rewritten) kept)"
    }
}

/// The review pass over a whole run: the batches' ``ReviewSummary`` added up (`review` in the `--json` report).
public struct ReviewTotals: Sendable, Codable, Equatable {
    /// Batches whose review was applied, failed, or skipped by a budget; batches with nothing to review count in
    /// none of them.
    public var applied = 0
    public var failed = 0
    public var skipped = 0
    public var reviewed = 0
    public var before = 0
    public var after = 0
    public var rewritten = 0
    public var dropped = 0
    public var kept = 0
    public var rewritesRefused = 0

    public init(_ batches: [BatchSummary]) {
        for review in batches.compactMap(\.review) {
            switch review.status {
            case .applied: applied += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            }
            reviewed += review.reviewed
            before += review.before
            after += review.after
            rewritten += review.rewritten
            dropped += review.dropped
            kept += review.kept
            rewritesRefused += review.rewritesRefused
        }
    }

    /// `review: 15 cards → 13 (2 rewritten, 2 dropped, 11 kept)`, over every reviewed batch; `review: no batch had
    /// cards to review` when no batch was.
    public var line: String {
        applied + failed + skipped == 0
            ? "review: no batch had cards to review"
            : ReviewSummary.line(before: before, after: after, rewritten: rewritten, dropped: dropped)
    }
}
