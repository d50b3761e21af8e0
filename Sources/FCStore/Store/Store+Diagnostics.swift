extension Database {
    /// Runs a one-row, one-column query and returns the value as an integer. For tests and diagnostics only.
    package func scalarInteger(_ sql: String) async throws -> Int64? {
        let statement = try connection.prepare(sql, operation: "diagnostic query")
        return try await statement.step() ? statement.optionalInt64(at: 0) : nil
    }

    /// Runs a one-row, one-column query and returns the value as text. For tests and diagnostics only.
    package func scalarText(_ sql: String) async throws -> String? {
        let statement = try connection.prepare(sql, operation: "diagnostic query")
        return try await statement.step() ? statement.optionalString(at: 0) : nil
    }
}

extension Store {
    package func scalarInteger(_ sql: String) async throws -> Int64? {
        try await write("diagnostic query") { try await $0.scalarInteger(sql) }
    }

    package func scalarText(_ sql: String) async throws -> String? {
        try await write("diagnostic query") { try await $0.scalarText(sql) }
    }
}
