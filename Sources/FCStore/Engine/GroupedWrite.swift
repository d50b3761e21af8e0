/// One caller's part of a group commit (``Store/writeGrouped(_:_:)``): its work on the shared transaction, and how
/// its caller is answered once that transaction has committed or failed.
final class GroupedWrite: Sendable {
    /// Named in errors (and in the group's transaction when it runs alone).
    let operation: String
    /// Runs the caller's closure; returns what answers the caller after the commit.
    let run: @Sendable (any SQLConnection) async throws -> @Sendable () -> Void
    /// Answers the caller with an error (its closure threw, the transaction failed, or the store closed).
    let fail: @Sendable (any Error) -> Void
    /// When the caller asked: a busy database is asked again until the store's write patience since then is spent.
    let start = ContinuousClock.now
    /// The learner whose rows the write locks, when it locks one (``Store/writeGrouped(_:locking:_:)``): a group's
    /// members run in this order.
    let learner: Int64?

    init(
        operation: String, learner: Int64?,
        run: @escaping @Sendable (any SQLConnection) async throws -> @Sendable () -> Void,
        fail: @escaping @Sendable (any Error) -> Void
    ) {
        self.operation = operation
        self.learner = learner
        self.run = run
        self.fail = fail
    }
}
