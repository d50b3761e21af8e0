/// Why a resolver found no usable picture for a query. Messages name the step and never the access key.
package enum ImageResolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The search or the download answered with an HTTP error status.
    case status(step: String, code: Int)
    /// The search reply is not the JSON a search returns.
    case unreadableReply(String)
    /// The image is larger than the cap.
    case tooLarge(bytes: Int, limit: Int)
    /// The download is no JPEG, PNG or GIF (an HTML error page, say), or is empty.
    case notAnImage(String)
    /// The download is a JPEG, PNG or GIF but not one a card can show: cut off, broken, or too many pixels; the
    /// text is the ``FCDeckFormats/DeckFormatError`` saying which.
    case unusable(String)

    package var description: String {
        switch self {
        case .status(let step, let code): "\(step) answered HTTP \(code)"
        case .unreadableReply(let detail): "unreadable search reply: \(detail)"
        case .tooLarge(let bytes, let limit): "the image has \(bytes) bytes, over the \(limit)-byte limit"
        case .notAnImage(let detail): "not an image: \(detail)"
        case .unusable(let detail): detail
        }
    }
}
