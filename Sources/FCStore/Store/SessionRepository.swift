/// The reads and writes of study sessions (`sessions`), each inside the transaction a ``Store/write(_:patience:_:)``
/// (or ``Store/read(_:)``) hands out. SQL and rows only: starting a session, which card comes next, counting an
/// answer, skipping, undoing and ending are the use cases' in FCPipeline's `Study/UseCases` (`Sessions`,
/// `SessionSteps`). ``Database`` implements it on both engines.
package protocol SessionRepository: ~Copyable {
    /// Inserts a session with its planned queue, started at `startedAt` (Unix milliseconds); its id.
    func insertSession(
        userID: Int64, mode: SessionMode, topicIDs: [Int64], queue: [Int64], startedAt: Int64
    ) async throws -> Int64
    /// The learner's session `id`. Throws ``StoreError/sessionNotFound(id:)`` when there is none (or it is another
    /// learner's).
    func session(id: Int64, userID: Int64) async throws -> StudySessionRecord
    /// Writes the session's position and counters; `perfect` (answers recalled on the first try) too when given.
    func updateSessionProgress(_ session: StudySessionRecord, perfect: Int?) async throws
    /// Writes the session's queue.
    func saveQueue(_ session: StudySessionRecord) async throws
    /// Marks the session ended at `time` (Unix milliseconds) unless it has ended already; whether this call ended it.
    func markSessionEnded(id: Int64, userID: Int64, at time: Int64) async throws -> Bool
    /// The learner's sessions with at least one answer, newest first, at most `limit`.
    func recentSessions(userID: Int64, limit: Int) async throws -> [StudySessionRecord]
    /// The learner's sessions not ended, newest first, at most `limit`.
    func openSessions(userID: Int64, newest limit: Int) async throws -> [StudySessionRecord]
    /// Every session not ended: the learner's, or (`userID` nil) every learner's, in no particular order.
    func openSessions(userID: Int64?) async throws -> [StudySessionRecord]
    /// Answers in the session recalled on the first try (`sessions.perfect`).
    func perfectAnswers(sessionID: Int64) async throws -> Int
    /// The distinct topics of the session's answered cards (the first `position` of its queue), ascending.
    func answeredTopicIDs(_ session: StudySessionRecord) async throws -> [Int64]
}

extension Database: SessionRepository {}
