/// Everything that can go wrong in the store, with enough context to act on it.
///
/// Descriptions name the database path, the operation and SQLite's own message. They never contain card text or
/// bound statement arguments: SQLite's messages name tables and columns, not values.
package enum StoreError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The directory that should hold the database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite could not open (or set up) the database file.
    case cannotOpen(path: String, message: String)
    /// A command that needs stored data found no database at `path` (and created none).
    case databaseMissing(path: String)
    /// The file at `path` is not an fcgen database: `reason` says what it is instead.
    case notADatabase(path: String, reason: String)
    /// A statement failed. `operation` says what the store was doing; `code` is SQLite's extended result code.
    case sqlite(path: String, operation: String, code: Int32, message: String)
    /// Another process held the database's write lock for all of the write's patience; nothing of it ran.
    case busy(path: String, operation: String, waitedSeconds: Int)
    /// `fcgen db copy` found rows in the target: it copies only into an empty store.
    case copyTargetNotEmpty(target: String, table: String)
    /// A copied table read back from the target differs from the source.
    case copyMismatch(table: String, detail: String)
    /// The store's threads had stopped (the process is shutting down) when an operation asked for them.
    case closed(path: String)
    /// A PostgreSQL statement failed. `target` is the URL without its password; `sqlState` is the server's
    /// five-character SQLSTATE (`23505` a unique violation, …).
    case postgres(target: String, operation: String, sqlState: String, message: String)
    /// A schema migration failed; the transaction that applied it was rolled back.
    case migrationFailed(path: String, version: Int, name: String, message: String)
    /// The database was migrated by a newer fcgen than this one.
    case schemaTooNew(path: String, version: Int, supported: Int)
    /// Another batch with this number is already stored for the topic (for example, two runs raced).
    case batchNumberTaken(topicID: Int64, number: Int)
    /// No topic has this id.
    case topicNotFound(topicID: Int64)
    /// A topic name breaks ``FCCore/TopicName``'s rules (empty, too long, control characters); `problem` says how.
    case invalidTopicName(problem: String)
    /// A stored value could not be read back (an unknown enum value, malformed JSON, …).
    case corruptRow(table: String, column: String, rowID: Int64)
    /// A test armed the store's fault-injection seam and it fired. Never thrown in production.
    case injectedFault(afterCardInserts: Int)
    /// The worker no longer holds the job's lease (it expired and was taken over, or the job was cancelled), so
    /// its result was refused and nothing was written.
    case leaseLost(jobID: Int64)
    /// No job has this id.
    case jobNotFound(id: Int64)
    /// The job's status does not allow the action (e.g. retrying a done job).
    case jobStateConflict(id: Int64, status: String, action: String)
    /// A topic refill policy value is out of range.
    case invalidPolicy(String)
    /// No card has this id.
    case cardNotFound(id: Int64)
    /// A learner name was empty after trimming whitespace.
    case invalidUserName
    /// No study session has this id (for this learner).
    case sessionNotFound(id: Int64)
    /// The session cannot take this action (the card is not the one it expects next, nothing to undo, …).
    case sessionConflict(id: Int64, problem: String)
    /// The session has ended: it refuses every further step (next, answer, skip, undo, bury, end).
    case sessionEnded(id: Int64)
    /// The topic already has a card with this question (same ``FCCore/DedupKey``); `side` says which card of a
    /// pair clashed ("card" or "reversed twin").
    case duplicateQuestion(topicID: Int64, existingCardID: Int64, side: String)
    /// A deck position outside 1…count.
    case positionOutOfRange(position: Int, count: Int)
    /// Another topic already has this name (ignoring case).
    case topicNameTaken(String)
    /// Deleting the topic would delete cards, and `force` was not given.
    case topicHasCards(name: String, cards: Int)
    /// A transaction's last gamification step for the learner left the state unencoded (``GamificationWrite``'s
    /// `stateJSON` `nil`): a programming error in the caller; nothing was stored.
    case gamificationStateNotEncoded(userID: Int64)
    /// No API token with that id (`fcgen token revoke`).
    case tokenNotFound(id: Int64)
    /// No learner has this name (ignoring case): `fcgen password-reset create --user NAME` makes no learner.
    case userNotFound(name: String)
    /// The `Idempotency-Key` was used before for a different request.
    case idempotencyKeyReused(key: String)
    /// Text to store holds U+0000. PostgreSQL text cannot hold it and SQLite could, so both engines refuse it here
    /// before the statement runs: the same input gets the same answer whichever engine stores it.
    case nulInText(operation: String)

    package var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the directory for the database at \(path): \(reason)"
        case .cannotOpen(let path, let message):
            "cannot open database at \(path): \(message)"
        case .databaseMissing(let path):
            "no database at \(path): check --db or FCGEN_DB (generate, import, card add or topic add create one)"
        case .notADatabase(let path, let reason):
            "\(path) is not an fcgen database: \(reason); check --db or FCGEN_DB"
        case .copyTargetNotEmpty(let target, let table):
            "\(target) is not empty (table \(table) has rows): db copy writes only into an empty store"
        case .copyMismatch(let table, let detail):
            "the copy of table \(table) does not match its source: \(detail); nothing was written"
        case .closed(let path):
            "the database \(path) is closed: the process is shutting down"
        case .sqlite(let path, let operation, let code, let message):
            "\(operation) failed in database \(path): \(message) (SQLite code \(code))"
        case .busy(let path, let operation, let waited):
            "\(operation) failed: database is locked: another process held the write lock of \(path) for the"
                + " \(waited) s this write waits; nothing was written, try again later"
        case .postgres(let target, let operation, let sqlState, let message):
            "\(operation) failed in database \(target): \(message) (PostgreSQL SQLSTATE \(sqlState))"
        case .migrationFailed(let path, let version, let name, let message):
            "migration \(version) (\(name)) failed in database \(path): \(message)"
        case .schemaTooNew(let path, let version, let supported):
            "database \(path) has schema version \(version), newer than this fcgen supports (\(supported));"
                + " upgrade fcgen"
        case .batchNumberTaken(let topicID, let number):
            "batch \(number) of topic \(topicID) is already stored (another run stored it first)"
        case .topicNotFound(let topicID):
            "no topic with id \(topicID)"
        case .invalidTopicName(let problem):
            "invalid topic name: \(problem)"
        case .corruptRow(let table, let column, let rowID):
            "unreadable value in \(table).\(column) of row \(rowID)"
        case .injectedFault(let count):
            "injected fault after \(count) card inserts"
        case .leaseLost(let jobID):
            "job \(jobID): lease lost (taken over by another worker, or cancelled); its result was not stored"
        case .jobNotFound(let id):
            "no job with id \(id)"
        case .jobStateConflict(let id, let status, let action):
            "cannot \(action) job \(id): it is \(status)"
        case .invalidPolicy(let problem):
            "invalid refill policy: \(problem)"
        case .cardNotFound(let id):
            "no card with id \(id)"
        case .invalidUserName:
            "a learner name must not be empty"
        case .sessionNotFound(let id):
            "no study session with id \(id)"
        case .sessionConflict(let id, let problem):
            "session \(id): \(problem)"
        case .sessionEnded(let id):
            "session \(id) has ended: start a new one (fcgen session start)"
        case .duplicateQuestion(let topicID, let existing, let side):
            "the \(side) duplicates the question of card \(existing) in topic \(topicID); edit that card instead"
        case .positionOutOfRange(let position, let count):
            "position \(position) is outside the deck (1...\(count))"
        case .topicNameTaken(let name):
            "a topic named \"\(name)\" already exists"
        case .topicHasCards(let name, let cards):
            "topic \"\(name)\" has \(cards) card(s); pass --force to delete it with its cards, learning state and jobs"
        case .gamificationStateNotEncoded(let userID):
            "learner \(userID): the last gamification step of the transaction did not encode the state"
        case .tokenNotFound(let id):
            "no API token with id \(id)"
        case .userNotFound(let name):
            "no learner named \"\(name)\" (fcgen token create --user NAME makes one; fcgen leaderboard lists them)"
        case .idempotencyKeyReused(let key):
            "Idempotency-Key \"\(key)\" was already used for a different request"
        case .nulInText(let operation):
            "\(operation): the text contains U+0000 (NUL), which the store refuses"
        }
    }
}

extension StoreError {
    /// Another connection held the lock past the busy timeout: trying again later may work (exit 75 in the CLI).
    package var isBusy: Bool {
        if case .busy = self { return true }
        if case .postgres(_, _, let sqlState, _) = self { return Self.postgresBusyStates.contains(sqlState) }
        guard case .sqlite(_, _, let code, _) = self else { return false }
        // Extended codes keep the primary code in the low byte: SQLITE_BUSY = 5, SQLITE_LOCKED = 6.
        return code & 0xFF == 5 || code & 0xFF == 6
    }

    /// Busy before the transaction began (its `BEGIN IMMEDIATE` waited out the busy timeout): nothing of it ran, so
    /// asking again is safe.
    var isBusyBeforeStart: Bool {
        guard isBusy, case .sqlite(_, let operation, _, _) = self else { return false }
        return operation.hasSuffix("(begin)")
    }
}
