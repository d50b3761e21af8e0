import FCCore
import Foundation

/// The learners' rows (``LearnerRepository``; which names and zones are valid is FCPipeline's `Learners`).
extension Database {
    package func insertUser(named name: String, createdAt: Int64) async throws -> Int64? {
        try await connection.withQuery(
            "INSERT INTO users (name, created_at) VALUES (\(name), \(createdAt)) ON CONFLICT (name) DO NOTHING RETURNING id",
            operation: "create user"
        ) { statement in
            try await statement.step() ? statement.int64(at: 0) : nil
        }
    }

    package func user(named name: String) async throws -> User? {
        try await connection.withQuery(
            "SELECT id, name, time_zone, created_at FROM users WHERE name = \(name)", operation: "find user"
        ) { statement in
            guard try await statement.step() else { return nil }
            return User(
                id: statement.int64(at: 0), name: statement.string(at: 1), timeZone: statement.optionalString(at: 2),
                createdAt: Date(unixMilliseconds: statement.int64(at: 3)))
        }
    }

    package func setTimeZone(_ identifier: String?, userID: Int64) async throws {
        try await connection.withQuery(
            "UPDATE users SET time_zone = \(identifier) WHERE id = \(userID)", operation: "set time zone"
        ) { statement in
            try await statement.run()
        }
    }
}
