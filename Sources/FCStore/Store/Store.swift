public import FCCore
import Foundation

/// The fcgen database: topics, batches and cards in one SQLite file, behind repository operations.
///
/// The store owns its one connection and serialises every use of it; that is why it is an actor. Opening a store
/// creates the file (and its directory) when needed, switches it to WAL with `synchronous=NORMAL`, turns foreign
/// keys on, sets a 5 s busy timeout and runs the pending schema migrations. Several stores (in one process or
/// many) can share a file: every write transaction is `BEGIN IMMEDIATE`, so writers queue instead of failing.
///
/// ```swift
/// let store = try Store(path: "/home/me/.local/share/fcgen/fcgen.sqlite", now: .system)
/// let topic = try await store.ensureTopic(named: "Roman history")
/// let next = try await store.lastBatchNumber(topicID: topic.id) + 1
/// ```
public actor Store {
    /// The connection; used only from this actor.
    let connection: Connection
    /// Stamps `created_at`. Never `Date()`: tests fix the time.
    let now: Now
    /// The database path the store was opened with.
    package nonisolated let path: String

    /// Test seam: when set to `n`, ``storeBatch(_:)`` throws ``StoreError/injectedFault(afterCardInserts:)`` once
    /// `n` cards of the batch are inserted (0: right after the batch row), inside the transaction, so tests can
    /// check that nothing of a failed batch remains.
    package var faultAfterCardInserts: Int?
    /// Test seam: when `true`, ``recordReview(userID:cardID:sessionID:decide:)`` throws
    /// ``StoreError/injectedFault(afterCardInserts:)`` after writing the review row, before the card state.
    package var faultAfterReviewInsert = false

    /// Opens or creates the database at `path` and migrates it to the newest schema (commands that store something
    /// new: generation, import, adding a card or topic).
    ///
    /// - Parameters:
    ///   - path: A file path; missing parent directories are created. `":memory:"` opens a private in-memory
    ///     database (no WAL).
    ///   - now: The clock that stamps `created_at` columns.
    /// - Throws: ``StoreError`` naming the path, e.g. "cannot open database at /x/y.sqlite: unable to open
    ///   database file", or ``StoreError/schemaTooNew(path:version:supported:)``.
    public init(path: String, now: Now) throws {
        try self.init(path: path, now: now, migrations: Migration.all)
    }

    /// Opens the database at `path` only if it is already there: for commands that read or change what is
    /// stored, so a mistyped path is reported instead of becoming a new, empty database (and directories).
    ///
    /// - Throws: ``StoreError/databaseMissing(path:)`` when nothing is at `path` (nothing is created),
    ///   ``StoreError/notADatabase(path:reason:)``, or what ``init(path:now:)`` throws.
    public init(existingAt path: String, now: Now) throws {
        try self.init(path: path, now: now, migrations: Migration.all, mustExist: true)
    }

    /// Opens the store with a chosen migration list, so tests can apply a future version on top of today's.
    package init(path: String, now: Now, migrations: [Migration], mustExist: Bool = false) throws {
        let isFile = path != ":memory:" && !path.isEmpty && !path.hasPrefix("file:")
        if isFile { try Self.checkPath(path, mustExist: mustExist) }
        if isFile && !mustExist { try Self.createParentDirectory(of: path) }
        let connection = try Connection(path: path, create: !mustExist)
        try connection.configure()
        try Migrator.checkOwnership(connection)
        try Migrator(migrations: migrations).migrate(connection, appliedAt: now().unixMilliseconds)
        self.connection = connection
        self.now = now
        self.path = path
    }

    /// The newest applied migration's version (1 after the initial schema).
    package func schemaVersion() throws -> Int {
        try Migrator.currentVersion(connection)
    }

    /// Runs SQLite's `PRAGMA integrity_check`; returns `"ok"` for a healthy database, else SQLite's findings, one
    /// per line.
    package func integrityCheck() throws -> String {
        let statement = try connection.prepare("PRAGMA integrity_check", operation: "integrity check")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(at: 0)) }
        return lines.joined(separator: "\n")
    }

    /// Arms (or with `nil` disarms) the ``faultAfterCardInserts`` test seam.
    package func setFaultAfterCardInserts(_ count: Int?) {
        faultAfterCardInserts = count
    }

    /// Refuses a directory or device at `path`, and with `mustExist` a path where nothing is, before SQLite sees it.
    private static func checkPath(_ path: String, mustExist: Bool) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if mustExist { throw StoreError.databaseMissing(path: path) }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw StoreError.notADatabase(path: path, reason: "it is a directory")
        default: throw StoreError.notADatabase(path: path, reason: "it is not a regular file")
        }
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
