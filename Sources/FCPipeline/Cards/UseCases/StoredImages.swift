package import FCCore
package import FCStore

/// The pictures the store holds (by the SHA-256 of their bytes) and their credits, read through its
/// ``FCStore/ImageRepository``: what `GET /v1/images/{hash}` serves and an export copies.
package enum StoredImages {
    /// The picture with this hash; `nil` when no card shows one.
    package static func bytes(on store: Store, hash: String) async throws -> NewImage? {
        try await store.read { db in try await db.imageBytes(hash: hash) }
    }

    /// The credit of the picture with this hash; `nil` for an uploaded or imported picture.
    package static func credit(on store: Store, hash: String) async throws -> ImageCredit? {
        try await store.read { db in try await db.imageCredit(hash: hash) }
    }
}
