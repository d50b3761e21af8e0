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
        }
    }
}
