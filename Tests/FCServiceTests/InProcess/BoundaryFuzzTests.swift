import FCService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The extremes of every input, sent to every operation of `docs/openapi.json`: for each integer, number, string,
/// boolean, array and object member of a JSON body (nested ones too, `reviews[0].rating`), each path and query
/// parameter and each documented header, one request with that one value out of the ordinary — `Int64.min` and
/// `max`, -1, 0, 2^53+1, 1e308, numbers as strings, `NaN`, 1 MB strings, wrong JSON types, impossible days.
///
/// Schemathesis (``SchemathesisTests``) generates valid and invalid data from the schemas, but rarely the extremes:
/// one `Int64.min` as a rating took the whole server down. Here each answer must be below 500, and a refusal a
/// problem document; the service answering the next request is the check that the process is still alive.
@Suite("fcgen serve: every operation's inputs at their extremes")
struct BoundaryFuzzTests {
    /// One request.
    struct Attempt {
        var label: String
        var method: HTTPRequest.Method
        var path: String
        var headers: HTTPFields = [:]
        var body: String?
    }

    @Test("no extreme value gets a 5xx or a non-problem refusal, and the service lives through all of them")
    func extremes() async throws {
        let service = try await ServiceUnderTest { $0.maxBodyBytes = 4 << 20 }
        let attempts = try Self.attempts()
        // Enough that a document or generator gone wrong (no operations found) cannot pass quietly.
        #expect(attempts.count > 2_000)
        let application = service.application()
        try await application.test(.router) { client in
            var statuses: [Int: Int] = [:]
            for attempt in attempts {
                var headers = attempt.headers
                headers[.authorization] = "Bearer \(service.adminToken)"
                if headers[.idempotencyKeyField] == nil { headers[.idempotencyKeyField] = UUID().uuidString }
                if attempt.body != nil { headers[.contentType] = "application/json" }
                let reply = try await client.execute(
                    uri: attempt.path, method: attempt.method, headers: headers,
                    body: attempt.body.map { ByteBuffer(string: $0) })
                let status = Int(reply.status.code)
                statuses[status / 100, default: 0] += 1
                #expect(status < 500, "\(attempt.label): \(status) \(String(buffer: reply.body).prefix(300))")
                if status >= 400 {
                    #expect(reply.headers[.contentType] == "application/problem+json", "\(attempt.label)")
                    #expect(String(buffer: reply.body).contains(#""detail""#), "\(attempt.label)")
                }
            }
            // Still answering, and the boundaries were really refused (not all accepted, not all 404).
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(statuses[4, default: 0] > attempts.count / 2, "\(statuses)")
        }
    }

    // MARK: - The values

    /// JSON texts for a number member.
    static let numbers = [
        "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "18446744073709551616", "-1", "0",
        "9007199254740993", "1e308", "-1e308", "1.5", "-0.0", "4.9e-324", #""NaN""#, #""Infinity""#,
        #""-9223372036854775808""#,
    ]
    /// JSON texts for a string member.
    static let strings = [
        #""""#, #""NaN""#, #""\u0000""#, #"" ""#, "\"" + String(repeating: "x", count: 1 << 20) + "\"",
        "\"" + String(repeating: "é", count: 70_000) + "\"", #""-9223372036854775808""#,
    ]
    /// JSON texts of every type, so each member also gets the types it does not take.
    static let everyType = ["1", "-1.5", #""text""#, "true", "null", "{}", "[]", "[1]", #"{"a":1}"#]

    /// Raw texts for a path or query parameter.
    static let parameterTexts = [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "99999999999999999999", "-1", "0",
        "9007199254740993", "1e308", "NaN", "Infinity", "1.5", "", "%00", "%20", String(repeating: "9", count: 10_000),
        String(repeating: "x", count: 10_000), "0000-01-01", "0001-01-01", "9999-12-31", "10000-01-01",
        "-001-01-01", "2026-02-30", "2026-13-01", "true", "yes",
    ]

    // MARK: - The attempts

    /// Every attempt for every documented operation; DELETE last, so what the others try still finds the seeds.
    static func attempts() throws -> [Attempt] {
        let document = try OpenAPIConformanceTests.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var attempts: [Attempt] = []
        var deletions: [Attempt] = []
        for (template, item) in paths.sorted(by: { $0.key < $1.key }) {
            let shared = item["parameters"] as? [[String: Any]] ?? []
            for (name, operation) in item.sorted(by: { $0.key < $1.key }) {
                guard let operation = operation as? [String: Any], name != "parameters" else { continue }
                let method = HTTPRequest.Method(rawValue: name.uppercased())
                guard let method else { continue }
                let parameters = shared + (operation["parameters"] as? [[String: Any]] ?? [])
                let built = try Self.attempts(
                    method: method, template: template, parameters: parameters, operation: operation,
                    schemas: schemas)
                if method == .delete { deletions += built } else { attempts += built }
            }
        }
        return attempts + deletions
    }

    /// One operation's attempts: each parameter at each extreme, then (for a JSON body) each member.
    static func attempts(
        method: HTTPRequest.Method, template: String, parameters: [[String: Any]], operation: [String: Any],
        schemas: [String: Any]
    ) throws -> [Attempt] {
        let label = "\(method.rawValue) \(template)"
        let path = parameters.reduce(template) { path, parameter in
            guard parameter["in"] as? String == "path", let name = parameter["name"] as? String else { return path }
            return path.replacingOccurrences(of: "{\(name)}", with: Self.baseParameter(name))
        }
        var json: [String: Any]?
        if let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any],
            let schema = (content["application/json"] as? [String: Any])?["schema"]
        {
            json = try resolve(schema, in: schemas)
        }
        let baseBody = try json.map { try baseValue($0, in: schemas) }
        var attempts: [Attempt] = []
        for parameter in parameters {
            guard let name = parameter["name"] as? String, let place = parameter["in"] as? String else { continue }
            for text in parameterTexts {
                var attempt = Attempt(label: "\(label) \(place) \(name)=\(text.prefix(30))", method: method, path: path)
                attempt.body = baseBody
                switch place {
                case "path":
                    let encoded = text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? text
                    attempt.path = template.replacingOccurrences(
                        of: "{\(name)}", with: encoded.isEmpty ? "%20" : encoded)
                    for other in parameters where other["in"] as? String == "path" {
                        guard let otherName = other["name"] as? String, otherName != name else { continue }
                        attempt.path = attempt.path.replacingOccurrences(
                            of: "{\(otherName)}", with: Self.baseParameter(otherName))
                    }
                case "query":
                    let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
                    attempt.path = path + "?\(name)=\(text.hasPrefix("%") ? text : encoded)"
                case "header":
                    guard let field = HTTPField.Name(name), !text.hasPrefix("%"), text.count < 8_000 else { continue }
                    attempt.headers[field] = text
                default: continue
                }
                attempts.append(attempt)
            }
        }
        if let json {
            for (member, value) in try memberAttempts(json, in: schemas, at: "") {
                attempts.append(Attempt(label: "\(label) body \(member)", method: method, path: path, body: value))
            }
            attempts.append(Attempt(label: "\(label) body as documented", method: method, path: path, body: baseBody))
        }
        return attempts
    }

    /// Each member of `schema` (an object) replaced in turn by every bad value of its type, the others at their
    /// base values: (the member's path, the whole body).
    static func memberAttempts(
        _ schema: [String: Any], in schemas: [String: Any], at prefix: String
    ) throws -> [(String, String)] {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        var attempts: [(String, String)] = []
        for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
            let property = try resolve(property, in: schemas)
            let others = try properties.filter { $0.key != name && isRequired($0.key, schema) }
                .sorted { $0.key < $1.key }
                .map { "\"\($0.key)\":\(try baseValue(resolve($0.value, in: schemas), in: schemas))" }
            func body(_ value: String) -> String {
                "{" + (others + ["\"\(name)\":\(value)"]).joined(separator: ",") + "}"
            }
            for value in try badValues(for: property, in: schemas) {
                attempts.append(("\(prefix)\(name)=\(value.prefix(30))", body(value)))
            }
            // Into the items of an array of objects (`reviews[0].rating`), and into nested objects.
            if let items = property["items"] {
                let item = try resolve(items, in: schemas)
                if item["properties"] != nil {
                    for (member, value) in try memberAttempts(item, in: schemas, at: "\(prefix)\(name)[0].") {
                        attempts.append((member, body("[\(value)]")))
                    }
                }
            } else if property["properties"] != nil {
                for (member, value) in try memberAttempts(property, in: schemas, at: "\(prefix)\(name).") {
                    attempts.append((member, body(value)))
                }
            }
        }
        return attempts
    }

    static func isRequired(_ name: String, _ schema: [String: Any]) -> Bool {
        (schema["required"] as? [String] ?? []).contains(name)
    }

    /// The extremes for a member of `property`'s types, and every JSON type besides.
    static func badValues(for property: [String: Any], in schemas: [String: Any]) throws -> [String] {
        let types = try Self.types(of: property, in: schemas)
        var values = everyType
        if types.contains("integer") || types.contains("number") { values += numbers }
        if types.contains("string") { values += strings }
        if types.contains("array") {
            values.append("[" + Array(repeating: "1", count: 10_001).joined(separator: ",") + "]")
        }
        return values
    }

    /// The JSON types `schema` takes: its `type`, its `enum`'s and `const`'s, and those of each `oneOf`/`anyOf`
    /// alternative (a rating is a word or a grade).
    static func types(of schema: [String: Any], in schemas: [String: Any]) throws -> Set<String> {
        var types = Set(schema["type"] as? [String] ?? (schema["type"] as? String).map { [$0] } ?? [])
        for value in (schema["enum"] as? [Any] ?? []) + (schema["const"].map { [$0] } ?? []) {
            types.insert(value is String ? "string" : value is Bool ? "boolean" : "number")
        }
        for alternative in (schema["oneOf"] as? [Any] ?? []) + (schema["anyOf"] as? [Any] ?? []) {
            types.formUnion(try Self.types(of: resolve(alternative, in: schemas), in: schemas))
        }
        return types
    }

    /// A plausible value of `schema`: what a request sends when it is not the member under test.
    static func baseValue(_ schema: [String: Any], in schemas: [String: Any]) throws -> String {
        if let alternatives = (schema["oneOf"] ?? schema["anyOf"]) as? [Any], let first = alternatives.first {
            return try baseValue(resolve(first, in: schemas), in: schemas)
        }
        if let constant = schema["const"] { return try json(constant) }
        if let values = schema["enum"] as? [Any], let first = values.first { return try json(first) }
        let types = schema["type"] as? [String] ?? (schema["type"] as? String).map { [$0] } ?? []
        switch types.first {
        case "integer", "number":
            return String(max(schema["minimum"] as? Int ?? 1, 1))
        case "boolean":
            return "false"
        case "array":
            guard let items = schema["items"] else { return "[]" }
            let count = max(schema["minItems"] as? Int ?? 1, 1)
            let item = try baseValue(resolve(items, in: schemas), in: schemas)
            return "[" + Array(repeating: item, count: count).joined(separator: ",") + "]"
        case "object":
            let properties = schema["properties"] as? [String: Any] ?? [:]
            let members = try properties.filter { isRequired($0.key, schema) }.sorted { $0.key < $1.key }
                .map { "\"\($0.key)\":\(try baseValue(resolve($0.value, in: schemas), in: schemas))" }
            return "{" + members.joined(separator: ",") + "}"
        default:
            switch schema["format"] as? String {
            case "date": return #""2026-01-01""#
            case "date-time": return #""2026-01-01T00:00:00.000Z""#
            default: return #""x""#
            }
        }
    }

    /// The seeded value of a path parameter: the first topic or card, a well-formed picture hash.
    static func baseParameter(_ name: String) -> String {
        name == "hash" ? String(repeating: "0", count: 64) : "1"
    }

    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed), as: UTF8.self)
    }

    /// `schema` with a `$ref` followed (to `#/components/schemas/…`), and `allOf` merged.
    static func resolve(_ schema: Any?, in schemas: [String: Any]) throws -> [String: Any] {
        var object = try #require(schema as? [String: Any])
        if let reference = object["$ref"] as? String {
            let name = try #require(reference.split(separator: "/").last.map(String.init))
            var target = try resolve(schemas[name], in: schemas)
            target.merge(object.filter { $0.key != "$ref" }) { kept, _ in kept }
            object = target
        }
        return object
    }
}

extension HTTPField.Name {
    // swift-format-ignore: NeverForceUnwrap
    static let idempotencyKeyField = HTTPField.Name("Idempotency-Key")!
}
