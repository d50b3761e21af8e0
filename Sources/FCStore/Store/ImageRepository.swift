package import FCCore

/// The reads and writes of pictures (`images`, by the SHA-256 of their bytes, and `image_credits`), inside the
/// transaction a ``Store/write(_:patience:_:)`` (or ``Store/read(_:)``) hands out. A picture lives as long as a card
/// shows it: whoever takes a picture off a card calls ``deleteUnusedImages()`` in the same transaction.
/// ``Database`` implements it on both engines; FCPipeline's `StoredImages` reads through it.
package protocol ImageRepository: ~Copyable {
    /// The stored bytes of the image with this hash; `nil` when no image has it.
    func imageBytes(hash: String) async throws -> NewImage?
    /// The credit of the image with this hash; `nil` for an uploaded or imported image.
    func imageCredit(hash: String) async throws -> ImageCredit?
    /// Stores an image unless one with its hash is there.
    func storeImage(_ image: NewImage) async throws
    /// Deletes the images no card shows.
    func deleteUnusedImages() async throws
}

extension Database: ImageRepository {}
