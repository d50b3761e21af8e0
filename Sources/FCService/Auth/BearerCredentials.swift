package import HTTPTypes

/// The token of an `Authorization: Bearer …` header (RFC 6750 §2.1).
///
/// The scheme is read case-insensitively, as RFC 9110 §11.1 says every authentication scheme is (`Bearer`,
/// `bearer`, `BEARER`), and may be followed by one or more spaces (`1*SP`, RFC 9110 §11.4). hummingbird-auth's
/// `HTTPFields.bearer` (2.5.0) takes only the exact prefix `"Bearer "`, so a client that writes `bearer` was refused.
///
/// ```swift
/// BearerCredentials.token(fromAuthorization: "bearer  fcg_abc")  // "fcg_abc"
/// BearerCredentials.token(fromAuthorization: "Basic YWxhZGRpbg==")  // nil
/// ```
package enum BearerCredentials {
    /// The bearer token of the request's `Authorization` header; `nil` when there is none, it names another
    /// scheme, or it holds no token.
    package static func token(in headers: HTTPFields) -> String? {
        headers[.authorization].flatMap(token(fromAuthorization:))
    }

    /// The token of one `Authorization` value (see ``BearerCredentials``); surrounding spaces and tabs are not
    /// part of it.
    package static func token(fromAuthorization value: String) -> String? {
        let scheme = "bearer".utf8
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var rest = value.utf8.drop(while: isBlank)
        // ASCII letters compared with their case bit set: the scheme has letters only.
        guard rest.count > scheme.count, zip(rest, scheme).allSatisfy({ given, letter in given | 0x20 == letter })
        else { return nil }
        rest = rest.dropFirst(scheme.count)
        guard rest.first == UInt8(ascii: " ") else { return nil }
        let token = rest.drop(while: isBlank)
        guard let last = token.lastIndex(where: { !isBlank($0) }) else { return nil }
        return String(decoding: token[...last], as: UTF8.self)
    }
}
