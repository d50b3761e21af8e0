import FCCore
package import FCStore
import Foundation

/// The learners themselves: found or created by name on first use (`--user NAME`, the default learner
/// ``FCStore/User/defaultName``, a bench's or a test's learners) and their time zone. The rules live here once: a
/// name is trimmed and must not be empty; a time zone is an IANA name, exactly as the tz database spells it
/// (``StudyDay/timeZone(named:)``). ``FCStore/LearnerRepository`` holds the SQL.
///
/// ```swift
/// let me = try await Learners.ensure(on: store, named: User.defaultName)
/// try await Learners.setTimeZone(on: store, "Europe/Berlin", userID: me.id)
/// ```
package enum Learners {
    /// The learner named `name` (ignoring case, blanks around it left out), created when missing: a read when it
    /// exists, else one write transaction.
    ///
    /// - Throws: ``FCStore/StoreError/invalidUserName`` for an empty name; nothing is stored then.
    package static func ensure(on store: Store, named name: String) async throws -> User {
        let name = try checkedName(name)
        if let existing = try await store.read({ try await $0.user(named: name) }) { return existing }
        return try await store.write("ensure user") { db in try await ensure(named: name, in: db) }
    }

    /// ``ensure(on:named:)`` in the caller's write transaction (a bench seeding many learners in one).
    package static func ensure(named name: String, in db: borrowing Database) async throws -> User {
        let name = try checkedName(name)
        if let existing = try await db.user(named: name) { return existing }
        // `ON CONFLICT DO NOTHING`: a learner of this name made meanwhile by another connection is read back.
        _ = try await db.insertUser(named: name, createdAt: db.now().unixMilliseconds)
        guard let user = try await db.user(named: name) else { throw StoreError.userNotFound(name: name) }
        return user
    }

    /// The learner named `name` (ignoring case, blanks around it left out), or `nil`.
    package static func named(on store: Store, _ name: String) async throws -> User? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await store.read { try await $0.user(named: name) }
    }

    /// Sets (or with `nil` clears) the learner's time zone.
    ///
    /// - Throws: ``PipelineError/setting(_:)`` (a usage error) when `identifier` is no IANA time zone name
    ///   (``timeZoneProblem(_:)``); nothing is stored then.
    package static func setTimeZone(on store: Store, _ identifier: String?, userID: Int64) async throws {
        try checkTimeZone(identifier)
        try await store.write("set time zone") { db in try await db.setTimeZone(identifier, userID: userID) }
    }

    /// ``setTimeZone(on:_:userID:)`` in the caller's write transaction (a reminder's zone is the learner's).
    package static func setTimeZone(_ identifier: String?, userID: Int64, in db: borrowing Database) async throws {
        try checkTimeZone(identifier)
        try await db.setTimeZone(identifier, userID: userID)
    }

    /// The name as stored: blanks around it left out.
    ///
    /// - Throws: ``FCStore/StoreError/invalidUserName`` when nothing is left.
    package static func checkedName(_ name: String) throws -> String {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError.invalidUserName }
        return name
    }

    /// What is wrong with `identifier` as a learner's time zone, or `nil` when it is an IANA name.
    package static func timeZoneProblem(_ identifier: String) -> String? {
        guard StudyDay.timeZone(named: identifier) == nil else { return nil }
        return "unknown time zone \"\(identifier)\": use an IANA name such as Europe/Berlin, America/New_York or UTC"
    }

    private static func checkTimeZone(_ identifier: String?) throws {
        if let identifier, let problem = timeZoneProblem(identifier) { throw PipelineError.setting(problem) }
    }
}
