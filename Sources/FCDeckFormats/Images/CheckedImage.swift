/// An image that passed the checks a card's picture must pass: a known format, structurally whole, at most the
/// size cap in bytes and at most ``maxPixels`` in pixels.
///
/// Its identity in the store, the SHA-256 of its bytes, is computed by the caller (FCPipeline, with swift-crypto):
/// this module stays free of package dependencies so an app can embed it.
public struct CheckedImage: Sendable, Hashable {
    /// The sniffed format.
    public var format: ImageFormat
    /// The image file's bytes, unchanged.
    public var bytes: [UInt8]
    /// The width in pixels, from the file's header (a GIF's logical screen).
    public var width: Int
    /// The height in pixels, from the file's header (a GIF's logical screen).
    public var height: Int

    /// The default size cap: 1 MiB (the `image_max_bytes` setting changes it).
    public static let defaultMaxBytes = 1_048_576

    /// The pixel budget: at most 16 777 216 pixels (4096 × 4096, 16.7 megapixels), so a decoded picture takes at
    /// most 64 MiB at four bytes a pixel. A compressed file's size says little about its decoded size (a 50 KB
    /// PNG can claim 5000 × 5000 pixels and inflate to 100 MB in every browser that shows it), so the header's
    /// dimensions are checked too; a GIF's frames count as well as its screen. Documented in docs/cards.md.
    public static let maxPixels = 16_777_216

    /// Checks `bytes` read from `name` (a file name, used only in messages).
    ///
    /// ```swift
    /// let image = try CheckedImage(bytes: data, name: "caesar.png", maxBytes: CheckedImage.defaultMaxBytes)
    /// image.format // .png, whatever the file was called
    /// ```
    ///
    /// - Throws: ``DeckFormatError/imageEmpty(name:)``, ``DeckFormatError/imageTooLarge(name:bytes:limit:)``,
    ///   ``DeckFormatError/imageNotRecognised(name:)``, ``DeckFormatError/imageTruncated(name:format:)``,
    ///   ``DeckFormatError/imageMalformed(name:format:reason:)`` or
    ///   ``DeckFormatError/imageDimensionsTooLarge(name:width:height:limit:)``.
    public init(bytes: [UInt8], name: String, maxBytes: Int) throws(DeckFormatError) {
        guard !bytes.isEmpty else { throw .imageEmpty(name: name) }
        guard bytes.count <= maxBytes else { throw .imageTooLarge(name: name, bytes: bytes.count, limit: maxBytes) }
        guard let format = ImageFormat.sniff(bytes) else { throw .imageNotRecognised(name: name) }
        let structure: ImageStructure
        do throws(ImageStructureFailure) {
            structure = try ImageStructure.read(bytes, as: format)
        } catch {
            switch error {
            case .truncated: throw .imageTruncated(name: name, format: format)
            case .malformed(let reason): throw .imageMalformed(name: name, format: format, reason: reason)
            }
        }
        for area in [structure.size, structure.largestArea] {
            guard let pixels = area.pixels, pixels <= Self.maxPixels else {
                throw .imageDimensionsTooLarge(
                    name: name, width: area.width, height: area.height, limit: Self.maxPixels)
            }
        }
        self.format = format
        self.bytes = bytes
        self.width = structure.size.width
        self.height = structure.size.height
    }
}
