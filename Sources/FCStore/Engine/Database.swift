public import FCCore

/// The handle every store query runs on: one connection, inside one transaction, for the length of one
/// ``Store/read(_:)`` or ``Store/write(_:_:)`` closure.
///
/// Per-table queries are extensions on this type (`Store/Store+Topics.swift` and its neighbours), behind one
/// repository protocol per aggregate (``JobRepository``, ``BatchRepository``, …), so a use case in FCPipeline strings
/// several of them together in one transaction as plain sequential code:
///
/// ```swift
/// let job = try await store.write("claim next job") { db in
///     guard let id = try await db.claimDueJob(owner: owner, leaseEnd: end, at: now) else { return nil }
///     return try await db.job(id: id)
/// }
/// ```
///
/// The handle is `~Copyable` and closures receive it `borrowing`, so the compiler refuses to let it escape the
/// closure (no storing it, no returning it, no capturing it in a task): a transaction cannot outlive itself. The
/// closures are synchronous on purpose, as with GRDB's `DatabasePool`: a transaction never suspends, so it can never
/// hold the write lock across an unrelated `await` (an LLM call, a network read).
package struct Database: ~Copyable {
    /// The connection, owned by the store's pool and lent for this closure only.
    let connection: any SQLConnection
    /// Stamps `created_at` columns. Never `Date()`: tests fix the time.
    package let now: Now
    /// Test seams shared by every handle of one store.
    let seams: StoreSeams

    init(connection: any SQLConnection, now: Now, seams: StoreSeams) {
        self.connection = connection
        self.now = now
        self.seams = seams
    }

    /// The statements the connection has sent to a server so far and how many times its thread waited for answers
    /// (PostgreSQL; both 0 on SQLite): what a use case costs in round trips, for tests and fcgen-bench. Read it in
    /// two transactions around the work; the difference includes the first one's commit (one statement, one wait).
    package var roundTrips: RoundTrips {
        RoundTrips(
            statements: connection.statementsSent, waits: connection.waits,
            preparations: connection.serverPreparations)
    }

    /// Test seam: see ``StoreSeams/faultAfterCardInserts``.
    package var faultAfterCardInserts: Int? { seams.faultAfterCardInserts }
    /// Test seam: see ``StoreSeams/faultAfterReviewInsert``.
    var faultAfterReviewInsert: Bool { seams.faultAfterReviewInsert }
}

/// Counters of one connection: statements sent and waits for their answers (see ``Database/roundTrips``), and the
/// statements it prepared on the server, each once in the connection's life (a round trip of its own, counted in
/// neither).
package struct RoundTrips: Sendable, Hashable {
    package var statements: Int
    package var waits: Int
    package var preparations: Int

    package init(statements: Int, waits: Int, preparations: Int = 0) {
        self.statements = statements
        self.waits = waits
        self.preparations = preparations
    }
}
