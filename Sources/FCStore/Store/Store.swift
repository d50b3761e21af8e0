public import FCCore
import Foundation
import Synchronization

/// The fcgen database: topics, batches and cards in one SQLite file, read and written through transactions.
///
/// Every query runs in a closure on a ``Database`` handle: ``read(_:)`` on one of a pool of read connections, which
/// run side by side (WAL gives each a snapshot), ``write(_:_:)`` on the one write connection, one transaction at a
/// time, `BEGIN IMMEDIATE`. Each SQLite connection's closures run on a serial executor of its own, so a statement
/// waiting for a lock or the disk never blocks Swift's cooperative thread pool; a PostgreSQL statement awaits its
/// answer and holds no thread at all. Opening a store creates the file (and its directory) when needed,
/// switches it to WAL with `synchronous=NORMAL`, turns foreign keys on, sets a 5 s busy timeout and runs the pending
/// schema migrations. Several stores (in one process or many) can share a file: writers queue on the lock instead
/// of failing.
///
/// ```swift
/// let store = try await Store.open(path: "/home/me/.local/share/fcgen/fcgen.sqlite", now: .system)
/// let topic = try await store.write("add topic") { try await $0.insertTopicIfMissing(named: "Rome", createdAt: 0).topic }
/// let next = try await store.read { try await $0.lastBatchNumber(topicID: topic.id) } + 1
/// ```
public final class Store: Sendable {
    /// The write connections' pool: one thread on SQLite, so writers queue in order (the file has one write lock);
    /// ``postgresWriterCount`` on PostgreSQL, whose row locks let transactions commit side by side, as they do from
    /// several processes.
    let writer: any ConnectionLending
    /// The writer pool's threads: grouped writes run up to this many turns at once.
    package var writerCount: Int { writer.capacity }
    /// The read connections' pool; the writer's for an in-memory database, which only its own connection sees.
    let readers: any ConnectionLending
    /// Stamps `created_at`. Never `Date()`: tests fix the time.
    package let now: Now
    /// Faults tests arm and counters they watch; shared by every transaction of this store.
    package let seams = StoreSeams()
    /// The database path the store was opened with.
    package let path: String
    /// Grouped writes waiting for the writer (``writeGrouped(_:_:)``).
    let groupQueue = Mutex(GroupQueue())
    /// How long a write without a patience of its own keeps asking for a busy database (``defaultWritePatience``).
    let writePatience: Duration
    /// Copies an SQLite file's log back into it off the writer's thread; nil for PostgreSQL and in-memory databases.
    let checkpointer: WALCheckpointer?
    /// The PostgreSQL server and database (for connections of the store's own, such as the generation listener's);
    /// `nil` for SQLite.
    let postgresTarget: PostgresTarget?

    /// Read connections at most: reads beyond this many at once wait for one to finish.
    static let readerCount = 4

    /// Write connections at most on PostgreSQL, opened as concurrent writes need them. Every transaction that reads
    /// and then writes a learner's rows locks them first (`lockLearners`), and batches, jobs and imports were built
    /// for writers in several processes, so several in one process is the same case.
    package static let postgresWriterCount = 4

    /// Opens the store at `path`, an SQLite file or a `postgres://` URL (what `--db` takes), creating an SQLite
    /// file when needed, and migrates it to the newest schema (commands that store something new: generation,
    /// import, adding a card or topic). Opening and migrating an SQLite file run on a thread of their own, and a
    /// PostgreSQL server is awaited, so neither holds a thread of Swift's cooperative pool.
    ///
    /// - Parameters:
    ///   - path: A file path (missing parent directories are created; `":memory:"` opens a private in-memory
    ///     database, no WAL) or a PostgreSQL URL, whose database must exist.
    ///   - now: The clock that stamps `created_at` columns.
    /// - Throws: ``StoreError`` naming the path, e.g. "cannot open database at /x/y.sqlite: unable to open
    ///   database file", or ``StoreError/schemaTooNew(path:version:supported:)``.
    public static func open(path: String, now: Now) async throws -> Store {
        try await open(path: path, now: now, migrations: Migration.all)
    }

    /// ``open(path:now:)`` for a database that must already exist: for commands that read or change what is
    /// stored, so a mistyped path is reported instead of becoming a new, empty database (and directories).
    ///
    /// - Throws: ``StoreError/databaseMissing(path:)`` when nothing is at `path` (nothing is created),
    ///   ``StoreError/notADatabase(path:reason:)``, or what ``open(path:now:)`` throws.
    public static func open(existingAt path: String, now: Now) async throws -> Store {
        try await open(path: path, now: now, migrations: Migration.all, mustExist: true)
    }

    /// ``open(path:now:)`` with the package's choices: a migration list (so tests can apply a future version on top
    /// of today's; PostgreSQL takes the same versions in its dialect), whether the file must exist, and the waits.
    ///
    /// - Parameters:
    ///   - busyTimeout: How long one SQLite statement waits for another connection's lock (SQLite's busy timeout).
    ///   - writePatience: How long a write keeps asking for a busy lock before it fails (``write(_:patience:_:)``).
    ///   - checkpoints: When an SQLite file's log is copied back into it (``WALCheckpointer``).
    package static func open(
        path: String, now: Now, migrations: [Migration] = Migration.all, mustExist: Bool = false,
        busyTimeout: Duration = .seconds(5), writePatience: Duration = defaultWritePatience,
        checkpoints: WALCheckpointer.Limits = .standard
    ) async throws -> Store {
        let opened: OpenedPools
        if PostgresTarget.isURL(path) {
            opened = try await Self.openPostgres(path, now: now, migrations: migrations)
        } else {
            opened = try await withTaskExecutorPreference(SerialQueueExecutor()) {
                try await Self.openSQLite(
                    path, now: now, migrations: migrations, mustExist: mustExist, busyTimeout: busyTimeout,
                    checkpoints: checkpoints)
            }
        }
        return Store(opened: opened, now: now, writePatience: writePatience)
    }

    private init(opened: OpenedPools, now: Now, writePatience: Duration) {
        writer = opened.writer
        readers = opened.readers
        checkpointer = opened.checkpointer
        postgresTarget = opened.postgresTarget
        self.now = now
        self.path = opened.name
        self.writePatience = writePatience
    }

    /// The SQLite file's pools: one writer (opened and migrated here) and up to ``readerCount`` readers, and a file's
    /// checkpointer, hooked to the writer. Runs on an executor of its own (``open(path:now:migrations:mustExist:busyTimeout:writePatience:checkpoints:)``).
    private static func openSQLite(
        _ path: String, now: Now, migrations: [Migration], mustExist: Bool, busyTimeout: Duration,
        checkpoints: WALCheckpointer.Limits
    ) async throws -> OpenedPools {
        let busyMilliseconds = Int32(clamping: Int((busyTimeout / .milliseconds(1)).rounded()))
        let isFile = path != ":memory:" && !path.isEmpty && !path.hasPrefix("file:")
        if isFile { try Self.checkPath(path, mustExist: mustExist) }
        if isFile && !mustExist { try Self.createParentDirectory(of: path) }
        let connection = try Connection(path: path, create: !mustExist)
        try connection.configure(busyTimeoutMilliseconds: busyMilliseconds)
        try await Migrator(migrations: migrations).migrate(on: connection, appliedAt: now().unixMilliseconds)
        let writer = ConnectionPool(path: path, size: 1, first: connection) {
            preconditionFailure("the writer pool has its one connection from the start")
        }
        guard isFile else {
            return OpenedPools(writer: writer, readers: writer, name: path, checkpointer: nil)
        }
        let readers = ConnectionPool(path: path, size: Self.readerCount) {
            let reader = try Connection(path: path, create: false)
            try reader.configureReader(busyTimeoutMilliseconds: busyMilliseconds)
            return reader
        }
        let checkpointer = WALCheckpointer(path: path, limits: checkpoints)
        checkpointer.install(on: connection)
        return OpenedPools(writer: writer, readers: readers, name: path, checkpointer: checkpointer)
    }

    /// A PostgreSQL database's pools of connections (postgres-nio's `PostgresClient`s): up to
    /// ``postgresWriterCount`` writers and ``readerCount`` readers. Other processes write beside them; row locks and
    /// `FOR UPDATE SKIP LOCKED` keep them apart. The database must exist; its schema is migrated here, on a
    /// connection of its own, so that a server that cannot be reached or refuses the credentials is named at once
    /// (a pool would keep trying).
    private static func openPostgres(
        _ url: String, now: Now, migrations: [Migration]
    ) async throws -> OpenedPools {
        let target = try PostgresTarget(url: url)
        let name = target.description
        let connection = try await PostgresSQLConnection.connect(to: target)
        let versions = Set(migrations.map(\.version))
        try await Migrator(migrations: Migration.postgres.filter { versions.contains($0.version) })
            .migrate(on: connection, appliedAt: now().unixMilliseconds)
        await connection.close()
        let writer = PostgresClientPool(target: target, size: Self.postgresWriterCount)
        let readers = PostgresClientPool(target: target, size: Self.readerCount)
        return OpenedPools(writer: writer, readers: readers, name: name, checkpointer: nil, postgresTarget: target)
    }

    deinit {
        // Readers and the checkpointer first: the last connection to close checkpoints the WAL into the database
        // file and removes it, and a query_only reader may not write the file, so the writer must be the last.
        readers.close()
        checkpointer?.stop()
        writer.close()
    }

    /// Closes the store's idle connections and waits until a PostgreSQL server has seen them closed (a database
    /// that is a template, or about to be dropped, must have none). Work after this fails with
    /// ``StoreError/closed(path:)``.
    package func close() async {
        await readers.closeAndWait()
        checkpointer?.stop()
        await writer.closeAndWait()
    }

    /// How many checkpoints ran in the background and on the writer (nil without a checkpointer).
    package var checkpointCounts: WALCheckpointer.Counts? { checkpointer?.counts }

    /// Runs `body` in a read transaction on a read connection: a consistent snapshot of the last commit, side by
    /// side with other reads and with the writer. Writing in it fails (the connection is `query_only`).
    ///
    /// A body that runs one statement, which is its own snapshot, says `oneStatement`: on PostgreSQL it is then sent
    /// without `BEGIN` and `COMMIT` around it (one round trip instead of three; the token and session reads of every
    /// API request). A body that sends more statements then trips an assertion in debug builds.
    ///
    /// Not specialised per result type: Swift 6.3.1's generic specializer aborts on the specialised closures ("Cannot
    /// initialize a nonCopyable type with a guaranteed value"), so `-c release` builds failed. A read's cost is the
    /// database's, not the unspecialised call's.
    @_semantics("optimize.sil.specialize.generic.never")
    package func read<T: Sendable>(
        oneStatement: Bool = false, _ body: @Sendable (borrowing Database) async throws -> T
    ) async throws -> T {
        try await readers.run { [now, seams] connection in
            if oneStatement {
                try await connection.singleStatementRead {
                    try await Self.lend(connection, now: now, seams: seams, to: body)
                }
            } else {
                try await connection.readTransaction {
                    try await Self.lend(connection, now: now, seams: seams, to: body)
                }
            }
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction on the write connection: commits when it returns, rolls
    /// back when it throws. Writers run one at a time, in the order they asked.
    ///
    /// When another process holds the write lock past the busy timeout, the transaction has not started: the store
    /// lets its thread go, waits a moment and asks again until the patience is spent, so a review or a model's reply
    /// is kept instead of failing with "database is locked" beside a long import in another process. Past the
    /// patience the write fails with ``StoreError/busy(path:operation:waitedSeconds:)``: nothing of it ran.
    ///
    /// - Parameters:
    ///   - operation: What the transaction does ("store batch"), named in errors.
    ///   - patience: How long to keep asking for a busy lock; `nil` is the store's ``defaultWritePatience``.
    package func write<T: Sendable>(
        _ operation: String, patience: Duration? = nil, _ body: @Sendable (borrowing Database) async throws -> T
    ) async throws -> T {
        let patience = patience ?? writePatience
        let start = ContinuousClock.now
        while true {
            do {
                return try await writer.run { [now, seams] connection in
                    var locked: ContinuousClock.Instant?
                    let result = try await connection.immediateTransaction(operation) {
                        locked = ContinuousClock.now
                        return try await Self.lend(connection, now: now, seams: seams, to: body)
                    }
                    if let locked { seams.recordWriteHold(operation, ContinuousClock.now - locked) }
                    return result
                }
            } catch let error as StoreError where error.isBusyBeforeStart {
                guard ContinuousClock.now - start < patience else {
                    throw StoreError.busy(path: path, operation: operation, waitedSeconds: Self.seconds(since: start))
                }
                seams.busyRetries += 1
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Lends `body` a handle on `connection`.
    ///
    /// Not inlined: Swift 6.3.1's optimizer crashes (signal 6 in EarlyPerfInliner) inlining the specialised
    /// `read`/`write` closures that build the `~Copyable` handle in place, so `-c release` builds failed.
    @inline(never)
    private static func lend<T>(
        _ connection: any SQLConnection, now: Now, seams: StoreSeams, to body: (borrowing Database) async throws -> T
    ) async throws -> T {
        try await body(Database(connection: connection, now: now, seams: seams))
    }

    /// ``lend(_:now:seams:to:)`` for the group commit's closures (another file). A function of its own, not the
    /// private one made internal: that change alone made 6.3.1's generic specializer crash on `read`'s closures.
    @inline(never)
    static func lendGrouped<T>(
        _ connection: any SQLConnection, now: Now, seams: StoreSeams, to body: (borrowing Database) async throws -> T
    ) async throws -> T {
        try await body(Database(connection: connection, now: now, seams: seams))
    }

    /// How long work that cost money (a batch of cards from a model) waits for a busy database before failing.
    package static let paidWorkPatience: Duration = .seconds(300)

    /// How long every other write (a review, a session's answer, a card edit, a token) waits for a busy database
    /// before failing: far longer than any transaction of fcgen holds the lock, short enough that a request does not
    /// hang on a database something outside fcgen keeps locked.
    package static let defaultWritePatience: Duration = .seconds(30)

    /// Whole seconds since `start`, rounded: what a ``StoreError/busy(path:operation:waitedSeconds:)`` reports.
    static func seconds(since start: ContinuousClock.Instant) -> Int {
        Int(((ContinuousClock.now - start) / .seconds(1)).rounded())
    }

    /// The newest applied migration's version (1 after the initial schema).
    package func schemaVersion() async throws -> Int {
        try await read { try await Migrator.currentVersion($0.connection) }
    }

    /// Runs SQLite's `PRAGMA integrity_check`; returns `"ok"` for a healthy database, else SQLite's findings, one
    /// per line.
    package func integrityCheck() async throws -> String {
        try await read { db in
            let statement = try db.connection.prepare(
                db.connection.dialect.integrityCheck, operation: "integrity check")
            var lines: [String] = []
            while try await statement.step() { lines.append(statement.string(at: 0)) }
            return lines.joined(separator: "\n")
        }
    }

    /// Arms (or with `nil` disarms) the ``StoreSeams/faultAfterCardInserts`` test seam.
    package func setFaultAfterCardInserts(_ count: Int?) {
        seams.faultAfterCardInserts = count
    }

    /// Arms (or disarms) the ``StoreSeams/faultAfterReviewInsert`` test seam.
    package func setFaultAfterReviewInsert(_ isArmed: Bool) {
        seams.faultAfterReviewInsert = isArmed
    }

    /// Refuses a directory or device at `path`, and with `mustExist` a path where nothing is, before SQLite sees it.
    private static func checkPath(_ path: String, mustExist: Bool) throws {
        guard let status = FileStatus(path: path) else {
            if mustExist { throw StoreError.databaseMissing(path: path) }
            return
        }
        if status.isDirectory { throw StoreError.notADatabase(path: path, reason: "it is a directory") }
        if !status.isRegularFile { throw StoreError.notADatabase(path: path, reason: "it is not a regular file") }
    }

    private static func createParentDirectory(of path: String) throws {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateDirectory(path: path, reason: Self.reason(creating: parent, error))
        }
    }

    /// Why `createDirectory` failed, in words. Foundation on Linux only says "The operation could not be
    /// completed (NSCocoaErrorDomain error 512)", so look at the deepest ancestor that exists.
    private static func reason(creating directory: String, _ error: any Error) -> String {
        var ancestor = URL(fileURLWithPath: directory)
        while ancestor.path != "/" && !FileManager.default.fileExists(atPath: ancestor.path) {
            ancestor.deleteLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory)
        if !isDirectory.boolValue { return "\(ancestor.path) is not a directory" }
        if !FileManager.default.isWritableFile(atPath: ancestor.path) { return "\(ancestor.path) is not writable" }
        return (error as NSError).localizedDescription
    }
}

/// What opening a database gives the store.
struct OpenedPools {
    var writer: any ConnectionLending
    var readers: any ConnectionLending
    /// The path, or the URL without its password.
    var name: String
    var checkpointer: WALCheckpointer?
    /// The PostgreSQL server and database; `nil` for SQLite.
    var postgresTarget: PostgresTarget? = nil
}
