import FCCore

extension Database {
    /// The stored bytes of an image, by its hash; `nil` when no image has it.
    package func imageBytes(hash: String) async throws -> NewImage? {
        try await connection.withStatement("SELECT mime, bytes FROM images WHERE hash = $1", operation: "read image") {
            statement in
            try statement.bind(hash, at: 1)
            guard try await statement.step() else { return nil }
            return NewImage(hash: hash, mimeType: statement.string(at: 0), bytes: statement.bytes(at: 1))
        }
    }

    /// Stores an image unless an identical one (same hash) is already there, stamped now; inside a write.
    package func storeImage(_ image: NewImage) async throws {
        try await insertImage(image, createdAt: now().unixMilliseconds)
    }

    /// Stores an image unless an identical one (same hash) is already there. Call inside a write transaction.
    func insertImage(_ image: NewImage, createdAt: Int64) async throws {
        try await connection.withStatement(
            """
            INSERT INTO images (hash, mime, bytes, size, created_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (hash) DO NOTHING
            """,
            operation: "store image"
        ) { statement in
            try statement.bind(image.hash, at: 1)
            try statement.bind(image.mimeType, at: 2)
            try statement.bind(bytes: image.bytes, at: 3)
            try statement.bind(image.bytes.count, at: 4)
            try statement.bind(createdAt, at: 5)
            try await statement.run()
        }
    }

    /// Deletes images no card shows any more: after cards were deleted or lost their picture, in the same
    /// transaction, so an image lives exactly as long as a card uses it.
    package func deleteUnusedImages() async throws {
        try await connection.withStatement(
            "DELETE FROM images WHERE NOT EXISTS (SELECT 1 FROM cards c WHERE c.image_ref = images.hash)",
            operation: "delete unused images"
        ) { try await $0.run() }
    }
}

extension Store {
    package func imageBytes(hash: String) async throws -> NewImage? {
        try await read { try await $0.imageBytes(hash: hash) }
    }
}
