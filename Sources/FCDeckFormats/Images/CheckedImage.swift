/// An image that passed the checks a card's picture must pass: a known format and at most the size cap.
public struct CheckedImage: Sendable, Hashable {
    /// The sniffed format.
    public var format: ImageFormat
    /// SHA-256 of ``bytes`` as lowercase hex: the image's identity in the store and its exported file name.
    public var hash: String
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
        self.hash = SHA256.hexDigest(of: bytes)
        self.bytes = bytes
    }
}
