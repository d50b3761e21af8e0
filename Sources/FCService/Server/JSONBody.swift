package import FCCommandLine
import Foundation
import HTTPTypes
package import Hummingbird
import NIOCore

/// A JSON request body read strictly: the right media type, within the size limit, valid UTF-8, well-formed, an
/// object, and only the members the route knows. Every refusal is a problem naming what was wrong.
package struct JSONBody: Sendable {
    /// The members of the body object.
    package let members: [String: JSONValue]

    /// A `Content-Type` value's first part without the blanks around it, lowercased: by hand, because Foundation's
    /// `trimmingCharacters(in:)` goes through `NSString` and cost a few percent of every request's handler time.
    static func mediaType(_ part: Substring) -> String {
        var text = part
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text.lowercased()
    }

    /// Reads `request`'s body.
    ///
    /// - Parameters:
    ///   - allowed: The members the route takes; any other is a 400 naming it (a typo never passes silently).
    ///   - maxBytes: `--max-body`; a larger body is 413, refused by its `Content-Length` before it is read.
    package static func read(_ request: Request, allowed: Set<String>, maxBytes: Int) async throws -> JSONBody {
        let type = request.headers[.contentType]?.split(separator: ";").first.map(Self.mediaType)
        guard type == "application/json" else {
            throw Problem(
                .unsupportedMediaType, detail: "send the body as application/json", field: "Content-Type")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
            throw Problem(.payloadTooLarge, detail: "the body has \(length) bytes; the limit is \(maxBytes)")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw Problem(.payloadTooLarge, detail: "the body is larger than the limit of \(maxBytes) bytes")
        }
        let bytes = Array(buffer.readableBytesView)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw Problem.badRequest("the body is not valid UTF-8")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw Problem.badRequest("the body is not well-formed JSON")
        }
        guard case .object(let members) = value else { throw Problem.badRequest("the body must be a JSON object") }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Problem.badRequest("unknown field \"\(unknown)\"", field: unknown)
        }
        return JSONBody(members: members)
    }

    init(members: [String: JSONValue]) {
        self.members = members
    }

    /// A required string member.
    package func string(_ name: String) throws -> String {
        guard let value = members[name] else { throw Problem.badRequest("\"\(name)\" is required", field: name) }
        guard case .string(let text) = value else {
            throw Problem.badRequest("\"\(name)\" must be a string", field: name)
        }
        return text
    }

    /// An optional integer member within `range`. `null` is a wrong type, not an absent member: the contract
    /// declares no integer member nullable, so a client sending one has a bug worth a 400.
    package func integer(_ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let value = members[name] else { return nil }
        guard case .integer(let number) = value else {
            throw Problem.badRequest("\"\(name)\" must be an integer", field: name)
        }
        guard range.contains(number) else {
            throw Problem.badRequest(
                "\"\(name)\" must be between \(range.lowerBound) and \(range.upperBound)", field: name)
        }
        return number
    }

    /// A required integer member within `range`.
    package func requiredInteger(_ name: String, in range: ClosedRange<Int64>) throws -> Int64 {
        guard let number = try integer(name, in: range) else {
            throw Problem.badRequest("\"\(name)\" is required", field: name)
        }
        return number
    }

    /// An optional number member greater than 0 (an amount of money: 0 would be no budget at all).
    package func positiveNumber(_ name: String) throws -> Double? {
        let number: Double
        switch members[name] {
        case nil: return nil
        case .integer(let value): number = Double(value)
        case .number(let value): number = value
        default: throw Problem.badRequest("\"\(name)\" must be a number", field: name)
        }
        guard number > 0, number.isFinite else {
            throw Problem.badRequest("\"\(name)\" must be greater than 0", field: name)
        }
        return number
    }
}
