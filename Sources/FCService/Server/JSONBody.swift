package import FCContract
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
        try requireJSONMediaType(request)
        let buffer = try await request.collectBody(limit: maxBytes)
        let bytes = Array(buffer.readableBytesView)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw Problem.badRequest("the body is not valid UTF-8")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch .duplicateKey(let key, let path) {
            let field = path.isEmpty ? key : "\(path).\(key)"
            throw Problem.badRequest("\"\(field)\" appears twice in the body; send it once", field: field)
        } catch .numberOutOfRange(let literal) {
            throw Problem.badRequest("the number \(literal.prefix(40)) is out of range")
        } catch {
            throw Problem.badRequest("the body is not well-formed JSON")
        }
        guard case .object(let members) = value else { throw Problem.badRequest("the body must be a JSON object") }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Problem.badRequest("unknown field \"\(unknown)\"", field: unknown)
        }
        return JSONBody(members: members)
    }

    /// `Content-Type: application/json`, with no charset or `charset=utf-8` (RFC 8259 §8.1: JSON between systems
    /// is UTF-8; a body declared in another charset would be read as something it is not).
    static func requireJSONMediaType(_ request: Request) throws {
        let parts = (request.headers[.contentType] ?? "").split(separator: ";")
        guard parts.first.map(Self.mediaType) == "application/json" else {
            throw Problem(
                .unsupportedMediaType, detail: "send the body as application/json", field: "Content-Type")
        }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, Self.mediaType(pair[0]) == "charset" else { continue }
            var charset = Self.mediaType(pair[1])
            if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") {
                charset = String(charset.dropFirst().dropLast())
            }
            guard charset == "utf-8" || charset == "utf8" else {
                throw Problem(
                    .unsupportedMediaType, detail: "send the body as application/json in UTF-8 (charset=\(charset))",
                    field: "Content-Type")
            }
        }
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

    /// An optional boolean member. `null` is a wrong type, as for ``integer(_:in:)``.
    package func boolean(_ name: String) throws -> Bool? {
        switch members[name] {
        case nil: return nil
        case .bool(let flag)?: return flag
        default: throw Problem.badRequest("\"\(name)\" must be true or false", field: name)
        }
    }

    /// An optional number member greater than 0 and at most `largest` (an amount of money: 0 would be no budget at
    /// all, and `1e308` no budget either, only a number that overflows what is computed from it).
    package func positiveNumber(_ name: String, atMost largest: Double) throws -> Double? {
        let number: Double
        switch members[name] {
        case nil: return nil
        case .integer(let value): number = Double(value)
        case .number(let value): number = value
        default: throw Problem.badRequest("\"\(name)\" must be a number", field: name)
        }
        guard number > 0, number <= largest else {
            throw Problem.badRequest("\"\(name)\" must be greater than 0 and at most \(largest)", field: name)
        }
        return number
    }
}
