public import FCCore

/// What happened to one batch, as shown in the summary table and in `--json` output.
public struct BatchSummary: Sendable, Codable, Equatable {
    public var number: Int
    public var aspect: String
    public var depth: DepthLevel
    /// The topic outline's step this batch took (from 1); `nil` for the aspect list of the topic's kind.
    public var step: Int?
    public var outcome: BatchOutcome
    public var kept: Int
    /// Dropped cards by reason (snake_case reason names).
    public var dropped: [String: Int]
    public var repairs: [String]
    public var inputTokens: Int?
    public var outputTokens: Int?
    public var latencyMs: Int
    /// The provider said it cut the reply short.
    public var truncated: Bool
    /// How the batch's image searches went; `nil` when no image resolver is configured.
    public var images: ImageTally? = nil
    /// What the review pass did (`--review`); `nil` without one, or when the batch had nothing to review.
    public var review: ReviewSummary? = nil
    /// How many times the batch's request was sent again because a reply salvaged no card
    /// (``GenerationOptions/fallbackRetries``); `nil` when the first reply was used.
    public var askedAgain: Int? = nil

    public var droppedTotal: Int { dropped.values.reduce(0, +) }
}

/// The result of `fcgen generate`: one entry per stored batch.
public struct GenerationReport: Sendable, Codable, Equatable {
    /// Bumped when the JSON shape changes incompatibly.
    public var schemaVersion = 1
    public var topic: String
    public var database: String
    public var provider: String
    public var model: String
    public var batches: [BatchSummary]
    /// The source the batches were made from (`--from`); `nil` for a topic-only run.
    public var source: SourceSummary?
    /// The review pass over the run's batches (`--review`); `nil` without one.
    public var review: ReviewTotals?

    public var cardsKept: Int { batches.reduce(0) { $0 + $1.kept } }

    /// The run's image searches, over every batch; `nil` when no image resolver is configured.
    public var images: ImageTally? {
        batches.compactMap(\.images).reduce(ImageTally?.none) { ($0 ?? ImageTally()) + $1 }
    }

    /// Templated cards stored by batches that fell back: kept for inspection, left out of every study queue.
    public var fallbackCardsKept: Int { batches.filter { $0.outcome == .fallback }.reduce(0) { $0 + $1.kept } }

    public init(topic: String, database: String, provider: String, model: String, batches: [BatchSummary]) {
        self.topic = topic
        self.database = database
        self.provider = provider
        self.model = model
        self.batches = batches
    }
}

/// The source a `generate --from` run read, in its report.
public struct SourceSummary: Sendable, Codable, Equatable {
    /// As given: the path, or `standard input`.
    public var name: String
    /// `text`, `markdown`, `html` or `pdf`.
    public var format: String
    /// SHA-256 of the input's bytes, lowercase hex.
    public var sha256: String
    public var bytes: Int
    public var sections: Int

    public init(name: String, format: String, sha256: String, bytes: Int, sections: Int) {
        self.name = name
        self.format = format
        self.sha256 = sha256
        self.bytes = bytes
        self.sections = sections
    }
}
