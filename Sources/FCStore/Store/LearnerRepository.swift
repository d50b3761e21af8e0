/// The reads and writes of the learners' own rows (`users`), each inside the transaction a
/// ``Store/write(_:patience:_:)`` (or ``Store/read(_:)``) hands out. SQL and rows only: which names and time zone
/// identifiers are valid, and creating a learner on first use, are FCPipeline's `Learners`; passwords, sessions and
/// tokens are ``AccountRepository``'s and ``TokenRepository``'s. ``Database`` implements it on both engines.
package protocol LearnerRepository: ~Copyable {
    /// Inserts a learner named `name` (as given); its id, or `nil` when a learner has this name (ignoring case).
    func insertUser(named name: String, createdAt: Int64) async throws -> Int64?
    /// The learner named `name` (as given, ignoring case), or `nil`.
    func user(named name: String) async throws -> User?
    /// Sets (or with `nil` clears) the learner's time zone identifier, as given.
    func setTimeZone(_ identifier: String?, userID: Int64) async throws
}

extension Database: LearnerRepository {}
