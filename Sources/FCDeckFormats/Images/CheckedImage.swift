/// An image that passed the checks a card's picture must pass: a known format and at most the size cap.
///
/// Its identity in the store, the SHA-256 of its bytes, is computed by the caller (FCPipeline, with swift-crypto):
/// this module stays free of package dependencies so an app can embed it.
public struct CheckedImage: Sendable, Hashable {
    /// The sniffed format.
    public var format: ImageFormat
    /// The image file's bytes, unchanged.
    public var bytes: [UInt8]

    /// The default size cap: 1 MiB (the `image_max_bytes` setting changes it).
    public static let defaultMaxBytes = 1_048_576

    /// Checks `bytes` read from `name` (a file name, used only in messages).
    ///
    /// ```swift
    /// let image = try CheckedImage(bytes: data, name: "caesar.png", maxBytes: CheckedImage.defaultMaxBytes)
    /// image.format // .png, whatever the file was called
    /// ```
    ///
    /// - Throws: ``DeckFormatError/imageEmpty(name:)``, ``DeckFormatError/imageTooLarge(name:bytes:limit:)``
    ///   or ``DeckFormatError/imageNotRecognised(name:)``.
    public init(bytes: [UInt8], name: String, maxBytes: Int) throws(DeckFormatError) {
        guard !bytes.isEmpty else { throw .imageEmpty(name: name) }
        guard bytes.count <= maxBytes else { throw .imageTooLarge(name: name, bytes: bytes.count, limit: maxBytes) }
        guard let format = ImageFormat.sniff(bytes) else { throw .imageNotRecognised(name: name) }
        self.format = format
        self.bytes = bytes
    }
}
