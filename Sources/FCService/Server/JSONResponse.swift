package import FCContract
import HTTPTypes
package import Hummingbird
import NIOCore

/// Success responses: the CLI's JSON contract (``FCContract/ContractJSON``: `schemaVersion`, RFC 3339 times,
/// sorted keys), compact.
package enum JSONResponse {
    /// `value` as a JSON document with `status`.
    package static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        text(try ContractJSON.document(value, pretty: false), status: status)
    }

    /// Already-encoded JSON text (a replayed idempotent response).
    package static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
