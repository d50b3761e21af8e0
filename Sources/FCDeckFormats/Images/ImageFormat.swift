/// The picture formats a card may carry, recognised by their first bytes ("magic numbers"), never by file name.
///
/// A text file renamed `photo.png` is refused; a PNG named `photo.jpg` is accepted as the PNG it is.
///
/// ```swift
/// ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) // .png
/// ```
public enum ImageFormat: String, Sendable, Codable, CaseIterable, Hashable {
    case png
    case jpeg
    case gif

    /// The format `bytes` start with, or `nil` when they are none of the three.
    ///
    /// Signatures: PNG `89 50 4E 47 0D 0A 1A 0A` (https://www.w3.org/TR/png/#5PNG-file-signature), GIF `GIF87a` or
    /// `GIF89a` (GIF89a spec §17), JPEG SOI marker `FF D8` followed by another marker `FF` (ITU T.81 B.1.1.3).
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The MIME type stored with the image.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        }
    }

    /// The format's name in messages: `PNG`, `JPEG`, `GIF`.
    public var displayName: String { rawValue.uppercased() }

    /// The file extension used for exported media files.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        }
    }

    /// The format with this MIME type, for images read back from the store.
    public init?(mimeType: String) {
        guard let format = Self.allCases.first(where: { $0.mimeType == mimeType }) else { return nil }
        self = format
    }
}
