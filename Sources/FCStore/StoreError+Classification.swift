/// What kind of constraint a failed write broke, the same on both engines.
package enum ConstraintViolation: Sendable, Equatable {
    /// A UNIQUE or PRIMARY KEY constraint: the row exists already (a raced batch number, a taken name).
    case unique
    /// A FOREIGN KEY constraint: the row refers to one that does not exist (an unknown topic).
    case foreignKey
}

extension StoreError {
    /// The constraint the failed statement broke, from SQLite's extended result code or PostgreSQL's SQLSTATE;
    /// `nil` for every other error.
    ///
    /// ```swift
    /// } catch let error as StoreError where error.constraintViolation == .unique {
    ///     throw StoreError.batchNumberTaken(topicID: topicID, number: number)
    /// }
    /// ```
    package var constraintViolation: ConstraintViolation? {
        switch self {
        case .sqlite(_, _, let code, _):
            switch code {
            case ResultCode.constraintUnique, ResultCode.constraintPrimaryKey: .unique
            case ResultCode.constraintForeignKey: .foreignKey
            default: nil
            }
        case .postgres(_, _, let sqlState, _):
            // https://www.postgresql.org/docs/current/errcodes-appendix.html (class 23, integrity violation).
            switch sqlState {
            case "23505": .unique
            case "23503": .foreignKey
            default: nil
            }
        default: nil
        }
    }

    /// PostgreSQL's SQLSTATEs after which trying again may work (``isBusy``): serialization failure, deadlock,
    /// lock not available, and a statement cancelled by `lock_timeout` or `statement_timeout`.
    static let postgresBusyStates: Set<String> = ["40001", "40P01", "55P03", "57014"]
}
