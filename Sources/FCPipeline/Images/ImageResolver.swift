package import FCStore

/// Turns a card's image search query into a picture: the seam between generation and an image search API.
///
/// A resolver returns the bytes as it fetched them; ``CardPictureFinder`` checks them like an upload (format by
/// content, size cap) before anything is stored. Errors are the resolver's to describe and never carry its key.
///
/// ```swift
/// struct OnePicture: ImageResolver {
///     let name = "test"
///     func resolve(_ query: String) async throws -> ResolvedImage? {
///         ResolvedImage(bytes: pngBytes, mimeType: "image/png", credit: nil)
///     }
/// }
/// ```
package protocol ImageResolver: Sendable {
    /// The resolver's name as configured (`unsplash`), stored as the credit's provider.
    var name: String { get }

    /// A picture for `query`, or `nil` when the search found none.
    /// - Throws: when the search or the download failed (an HTTP error status, a reply that is no search result,
    ///   a download over the size cap, a transport failure).
    func resolve(_ query: String) async throws -> ResolvedImage?
}

/// What a resolver found for a query: the image file's bytes as downloaded, and who to credit.
package struct ResolvedImage: Sendable, Hashable {
    package var bytes: [UInt8]
    /// The type the server declared; the stored type is the one sniffed from ``bytes``.
    package var mimeType: String?
    package var credit: ImageCredit?

    package init(bytes: [UInt8], mimeType: String?, credit: ImageCredit?) {
        self.bytes = bytes
        self.mimeType = mimeType
        self.credit = credit
    }
}

/// Which image resolver generation uses (`--images`, the `image_resolver` setting).
public enum ImageResolverKind: String, Sendable, CaseIterable, Codable {
    /// No pictures: the default, and what offline runs use. No request leaves for images.
    case none
    /// An Unsplash-compatible search API (`GET /search/photos`), key in `UNSPLASH_ACCESS_KEY`.
    case unsplash
}
