import FCCore

extension Database {
    /// The stored bytes of an image, by its hash; `nil` when no image has it.
    package func imageBytes(hash: String) async throws -> NewImage? {
        try await connection.withQuery("SELECT mime, bytes FROM images WHERE hash = \(hash)", operation: "read image") {
            statement in
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
        try await connection.withQuery(
            """
            INSERT INTO images (hash, mime, bytes, size, created_at) VALUES (\(image.hash), \(image.mimeType),
                \(bytes: image.bytes), \(image.bytes.count), \(createdAt))
            ON CONFLICT (hash) DO NOTHING
            """,
            operation: "store image"
        ) { statement in
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
