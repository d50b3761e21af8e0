import HTTPTypes
package import Hummingbird
import NIOCore

extension Request {
    /// The whole body, at most `limit` bytes; else a 413 problem naming the limit.
    ///
    /// A `Content-Length` over the limit is refused before anything is read. A chunked body has none, so the limit
    /// is met while reading: Hummingbird then throws NIO's `NIOTooManyBytesError` (or its own 413 `HTTPError`),
    /// and both become the same 413 here (``ProblemMiddleware`` maps any that escape another way too).
    ///
    /// - Parameter what: What the body is, for the problem's detail ("the body", "the picture", "the deck").
    package func collectBody(limit: Int, what: String = "the body") async throws -> ByteBuffer {
        if let declared = headers[.contentLength], let length = Int(declared), length > limit {
            throw Problem(.payloadTooLarge, detail: "\(what) has \(length) bytes; the limit is \(limit)")
        }
        var request = self
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error where Self.isTooLarge(error) {
            throw Problem(.payloadTooLarge, detail: "\(what) is larger than the limit of \(limit) bytes")
        }
    }

    /// Whether `error` is a body read stopped at its limit.
    static func isTooLarge(_ error: any Error) -> Bool {
        switch error {
        case is NIOTooManyBytesError: true
        case let error as HTTPError: error.status == .contentTooLarge
        default: false
        }
    }
}
