package import FCCore

/// Why a row of the usage ledger exists: which kind of paid model request it records.
package enum UsageKind: String, Sendable, Codable, CaseIterable {
    /// A batch that was stored (the row is written in the batch's transaction).
    case batch
    /// A topic outline request.
    case outline
    /// A review pass request (`--review`): written in the transaction of the batch it reviewed (`batch_id` set),
    /// or on its own when that batch was not stored.
    case review
    /// A reply that was paid for but not stored: unusable under `--strict`, a lost lease, a failed commit, a reply
    /// that arrived after an earlier batch of its run failed.
    case unstored
    /// The request that embedded a batch's questions for duplicates by meaning (`embedding_model`), written in the
    /// batch's transaction.
    case embedding
}

/// One paid model request for the usage ledger (`llm_usage`), written on its own (an outline, an unstored reply);
/// a stored batch writes its row from its ``NewBatch``.
package struct UsageEntry: Sendable, Hashable {
    /// `nil` while the topic does not exist yet (a new topic's outline); its first stored batch fills it in.
    package var topicID: Int64?
    package var topicName: String
    package var kind: UsageKind
    package var provider: String
    package var model: String
    package var usage: TokenUsage
    /// `nil` when the model has no price.
    package var costUSD: Double?

    package init(
        topicID: Int64?, topicName: String, kind: UsageKind, provider: String, model: String, usage: TokenUsage,
        costUSD: Double?
    ) {
        self.topicID = topicID
        self.topicName = topicName
        self.kind = kind
        self.provider = provider
        self.model = model
        self.usage = usage
        self.costUSD = costUSD
    }
}

/// A UTC calendar day as Unix milliseconds: budgets and the usage report count days in UTC, whatever the
/// machine's time zone, so two workers on different hosts agree on when a day's budget starts again.
package enum UTCDay {
    static let milliseconds: Int64 = 86_400_000

    /// The first millisecond of the UTC day that holds `time`.
    package static func start(of time: Int64) -> Int64 {
        let (quotient, remainder) = time.quotientAndRemainder(dividingBy: milliseconds)
        return (remainder < 0 ? quotient - 1 : quotient) * milliseconds
    }

    /// The first millisecond of the next UTC day.
    package static func next(after time: Int64) -> Int64 { start(of: time) + milliseconds }
}
