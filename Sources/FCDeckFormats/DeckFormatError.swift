/// Everything FCDeckFormats refuses: a card that breaks the card rules, or an image that is not acceptable.
///
/// Descriptions never contain card text; they name files, sizes and rules. Problems in an import
/// file are values (``ImportProblem``), so a reader can report every one of them, not only the first.
public enum DeckFormatError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The card breaks a rule; the message says which and how to fix it.
    case cardRule(String)
    /// The file is empty.
    case imageEmpty(name: String)
    /// The file is bigger than the cap.
    case imageTooLarge(name: String, bytes: Int, limit: Int)
    /// The file's content is not a JPEG, GIF or PNG image.
    case imageNotRecognised(name: String)
    /// The file starts as a picture of `format` but ends before the picture does (a cut-off download or copy).
    case imageTruncated(name: String, format: ImageFormat)
    /// The file starts as a picture of `format` but breaks that format's structure; `reason` says how.
    case imageMalformed(name: String, format: ImageFormat, reason: String)
    /// The picture's header claims more pixels than ``CheckedImage/maxPixels``, `limit`.
    case imageDimensionsTooLarge(name: String, width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .cardRule(let message):
            message
        case .imageEmpty(let name):
            "image \(name) is empty"
        case .imageTooLarge(let name, let bytes, let limit):
            "image \(name) is \(bytes) bytes, more than the \(limit)-byte limit (image_max_bytes / --image-max-bytes)"
        case .imageNotRecognised(let name):
            "\(name) is not a JPEG, GIF or PNG image (checked by its content, not its name)"
        case .imageTruncated(let name, let format):
            "\(name) is a truncated \(format.displayName) image: the file ends before the picture does"
        case .imageMalformed(let name, let format, let reason):
            "\(name) is not a well-formed \(format.displayName) image: \(reason)"
        case .imageDimensionsTooLarge(let name, let width, let height, let limit):
            "image \(name) is \(width)x\(height) pixels, more than the \(limit)-pixel limit; scale it down"
        }
    }
}
