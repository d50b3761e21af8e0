package import struct Foundation.Date

/// Where a job is in its life: queued → running → done, or → failed (retried later) → dead; or cancelled by hand.
package enum JobStatus: String, Sendable, Codable, CaseIterable, Hashable {
    /// Waiting for a worker; runs once `runAfter` has passed.
    case queued
    /// A worker holds its lease; another worker may take it over once the lease has expired.
    case running
    /// Its batch is stored (in the same transaction that set this status).
    case done
    /// The last attempt failed; it runs again after `runAfter`.
    case failed
    /// Out of attempts, or a failure retrying can't fix. Holds the topic's refills until retried or cancelled.
    case dead
    /// Cancelled by hand; never runs again.
    case cancelled

    /// Whether the job still counts as its topic's open job (at most one per topic).
    package var isOpen: Bool {
        switch self {
        case .queued, .running, .failed, .dead: true
        case .done, .cancelled: false
        }
    }
}

/// One refill job: produce the next batch of a topic.
package struct Job: Sendable, Codable, Hashable, Identifiable {
    package var id: Int64
    package var topicID: Int64
    package var topicName: String
    /// Always `refill` for now.
    package var kind: String
    /// The batch number the job produces; set when a worker claims it (the topic's next number at that moment).
    package var batchNumber: Int?
    package var status: JobStatus
    /// Attempts started so far (claims), the current one included.
    package var attempts: Int
    package var maxAttempts: Int
    /// Not run before this moment.
    package var runAfter: Date
    /// Who holds the lease (e.g. `host:pid`), while running.
    package var leaseOwner: String?
    package var leaseExpiresAt: Date?
    /// Why the last attempt failed; never card text or keys.
    package var lastError: String?
    package var createdAt: Date
    package var updatedAt: Date
    package var finishedAt: Date?

    package init(
        id: Int64, topicID: Int64, topicName: String, kind: String = "refill", batchNumber: Int?, status: JobStatus,
        attempts: Int, maxAttempts: Int, runAfter: Date, leaseOwner: String?, leaseExpiresAt: Date?,
        lastError: String?, createdAt: Date, updatedAt: Date, finishedAt: Date?
    ) {
        self.id = id
        self.topicID = topicID
        self.topicName = topicName
        self.kind = kind
        self.batchNumber = batchNumber
        self.status = status
        self.attempts = attempts
        self.maxAttempts = maxAttempts
        self.runAfter = runAfter
        self.leaseOwner = leaseOwner
        self.leaseExpiresAt = leaseExpiresAt
        self.lastError = lastError
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.finishedAt = finishedAt
    }

    /// The `fcgen jobs --json` members: ids spelled `Id`, as every fcgen document spells them.
    enum CodingKeys: String, CodingKey {
        case id
        case topicID = "topicId"
        case topicName, kind, batchNumber, status, attempts, maxAttempts, runAfter, leaseOwner, leaseExpiresAt,
            lastError, createdAt, updatedAt, finishedAt
    }
}
