extension Database {
    /// Stores a found picture and its credit unless they are already there. Call inside a write transaction.
    package func insertPicture(_ picture: CardPicture, createdAt: Int64) async throws {
        try await insertImage(picture.image, createdAt: createdAt)
        guard let credit = picture.credit else { return }
        try await connection.withQuery(
            """
            INSERT INTO image_credits (hash, provider, author_name, author_url, photo_url, created_at)
            VALUES (\(picture.image.hash), \(credit.provider), \(credit.authorName), \(credit.authorURL),
                \(credit.photoURL), \(createdAt))
            ON CONFLICT (hash) DO NOTHING
            """,
            operation: "store image credit"
        ) { statement in
            try await statement.run()
        }
    }

    /// The credit of the image with this hash; `nil` for an uploaded or imported image.
    package func imageCredit(hash: String) async throws -> ImageCredit? {
        try await connection.withQuery(
            "SELECT provider, author_name, author_url, photo_url FROM image_credits WHERE hash = \(hash)",
            operation: "read image credit"
        ) { statement in
            guard try await statement.step() else { return nil }
            return ImageCredit(
                provider: statement.string(at: 0), authorName: statement.string(at: 1),
                authorURL: statement.optionalString(at: 2), photoURL: statement.optionalString(at: 3))
        }
    }
}
