import FCCore
import Foundation

extension Database {
    /// The learner with this name (ignoring case), created when missing: `--user NAME` creates learners on
    /// first use, and the default learner ``User/defaultName`` the same way.
    ///
    /// ```swift
    /// let me = try await store.ensureUser(named: User.defaultName)
    /// ```
    ///
    /// - Throws: ``StoreError/invalidUserName`` for an empty name.
    package func ensureUser(named name: String) async throws -> User {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError.invalidUserName }
        if let existing = try await user(named: name) { return existing }
        let createdAt = now().unixMilliseconds
        return try await connection.immediateTransaction("create user") {
            try await connection.withQuery(
                "INSERT INTO users (name, created_at) VALUES (\(name), \(createdAt)) ON CONFLICT (name) DO NOTHING",
                operation: "create user"
            ) { statement in
                try await statement.run()
            }
            // Another connection may have created it between the look-up and the write lock.
            guard let user = try await user(named: name) else {
                throw StoreError.sqlite(
                    path: connection.path, operation: "create user", code: 0, message: "user missing after insert")
            }
            return user
        }
    }

    /// The learner with this name (ignoring case), or `nil`.
    package func user(named name: String) async throws -> User? {
        try await connection.withQuery(
            """
            SELECT id, name, time_zone, created_at FROM users WHERE name =
                \(name.trimmingCharacters(in: .whitespacesAndNewlines))
            """,
            operation: "find user"
        ) { statement in
            guard try await statement.step() else { return nil }
            return User(
                id: statement.int64(at: 0), name: statement.string(at: 1), timeZone: statement.optionalString(at: 2),
                createdAt: Date(unixMilliseconds: statement.int64(at: 3)))
        }
    }

    /// Sets (or with `nil` clears) the learner's time zone identifier (in the caller's write transaction).
    package func setTimeZone(_ identifier: String?, userID: Int64) async throws {
        try await connection.withQuery(
            "UPDATE users SET time_zone = \(identifier) WHERE id = \(userID)", operation: "set time zone"
        ) { statement in
            try await statement.run()
        }
    }
}

extension Store {
    package func ensureUser(named name: String) async throws -> User {
        try await write("ensure user") { try await $0.ensureUser(named: name) }
    }

    package func user(named name: String) async throws -> User? {
        try await read { try await $0.user(named: name) }
    }

    package func setTimeZone(_ identifier: String?, userID: Int64) async throws {
        try await write("set time zone") { try await $0.setTimeZone(identifier, userID: userID) }
    }
}
