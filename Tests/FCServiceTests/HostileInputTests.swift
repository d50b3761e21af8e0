import FCService
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// What Schemathesis does not send, sent to every operation of `docs/openapi.json` that takes a JSON body: malformed
/// JSON, invalid UTF-8, a body that is no object, an unknown member, a body over `--max-body`, another media type,
/// and for each documented member `null` (none is nullable unless the document says so), a wrong type and, for
/// numbers, a negative value. Then path traversal in picture names. Each is a 4xx problem; nothing is written.
@Suite("the service: hostile input to every JSON operation (in process)")
struct HostileInputTests {
    /// One request the server must refuse.
    struct Attempt {
        var label: String
        var method: HTTPMethod
        var path: String
        var body: [UInt8]?
        var contentType = "application/json"
    }

    @Test("each attempt is a 4xx problem, the database is byte for byte what it was, no 5xx in the log")
    func refusedAndNothingWritten() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.maxBodyBytes = 4096 }
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let admin = fixture.adminToken
        let logged = LogLines()
        let before = try await Self.fingerprint(fixture)
        try await fixture.serve(logger: logged.jsonLogger) { server in
            let attempts = try Self.bodyAttempts(maxBody: 4096) + Self.traversalAttempts()
            #expect(attempts.count > 150)
            for attempt in attempts {
                let reply = try await server.call(
                    attempt.method, attempt.path, token: admin, body: attempt.body, contentType: attempt.contentType,
                    headers: [("Idempotency-Key", "hostile-\(UUID().uuidString)")])
                #expect((400..<500).contains(reply.status), "\(attempt.label): \(reply.status) \(reply.text)")
                #expect(reply.contentType == "application/problem+json", "\(attempt.label)")
                #expect((reply.json["detail"] as? String)?.isEmpty == false, "\(attempt.label): \(reply.text)")
                #expect(!reply.text.contains("root:"), "\(attempt.label)")
            }

            #expect(try await Self.fingerprint(fixture) == before)
        }
        #expect(logged.lines.contains { $0.contains(#""event":"request""#) }, "the request lines were captured")
        #expect(!logged.text.contains(#""status":5"#))
    }

    /// The bad bodies for every documented operation that takes `application/json`, path ids set to 1.
    static func bodyAttempts(maxBody: Int) throws -> [Attempt] {
        let document = try OpenAPIConformanceTests.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var attempts: [Attempt] = []
        for (template, item) in paths.sorted(by: { $0.key < $1.key }) {
            let path = template.replacingOccurrences(of: "{id}", with: "1")
            for (name, operation) in item.sorted(by: { $0.key < $1.key }) {
                guard let method = HTTPMethod(openAPI: name), let operation = operation as? [String: Any],
                    let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any],
                    let json = content["application/json"] as? [String: Any]
                else { continue }
                let label = "\(name.uppercased()) \(template)"
                func attempt(_ what: String, _ body: [UInt8], contentType: String = "application/json") -> Attempt {
                    Attempt(label: "\(label) \(what)", method: method, path: path, body: body, contentType: contentType)
                }
                attempts += [
                    attempt("malformed", Array(#"{"name": "#.utf8)),
                    attempt("invalid UTF-8", Array(#"{"name": ""#.utf8) + [0xFF, 0xFE, 0xC3] + Array(#""}"#.utf8)),
                    attempt("an array", Array("[1, 2]".utf8)),
                    attempt("unknown member", Array(#"{"zzUnknown": 1}"#.utf8)),
                    attempt(
                        "too large", Array(#"{"name": ""#.utf8) + Array(repeating: 0x78, count: maxBody) + [0x22, 0x7D]),
                    attempt("text/plain", Array("{}".utf8), contentType: "text/plain"),
                ]
                let schema = try Self.resolve(json["schema"], in: schemas)
                for (member, property) in (schema["properties"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }
                ) {
                    let property = try Self.resolve(property, in: schemas)
                    for (what, value) in Self.badValues(for: property) {
                        attempts.append(attempt("\(member) \(what)", Array(#"{"\#(member)": \#(value)}"#.utf8)))
                    }
                }
            }
        }
        return attempts
    }

    /// Values the member's schema forbids: `null` unless it is nullable, one of another type, a negative number.
    static func badValues(for property: [String: Any]) -> [(String, String)] {
        let types = (property["type"] as? [String]) ?? (property["type"] as? String).map { [$0] } ?? []
        guard !types.isEmpty else { return [] }  // a oneOf such as a rating: left to Schemathesis
        var values: [(String, String)] = []
        if !types.contains("null") { values.append(("null", "null")) }
        if !types.contains("string") { values.append(("a string", #""7""#)) }
        if !types.contains("integer") && !types.contains("number") { values.append(("a number", "7")) }
        if !types.contains("object") { values.append(("an object", #"{"a": 1}"#)) }
        if let minimum = property["minimum"] as? Int, minimum >= 0 { values.append(("negative", "-1")) }
        return values
    }

    /// Picture names that try to leave the store: encoded or raw `..`, backslashes, a hash with a tail.
    static func traversalAttempts() -> [Attempt] {
        let hash = String(repeating: "a", count: 64)
        return [
            "..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "../../etc/passwd", "..%5C..%5Cetc%5Cpasswd",
            "\(hash)%2F..%2F..%2Fetc%2Fpasswd", "\(hash)/../../../etc/passwd", "%00\(hash)", "....%2F%2F....%2F%2Fetc",
        ].map { Attempt(label: "GET /v1/images/\($0)", method: .GET, path: "/v1/images/\($0)") }
    }

    /// A schema with its `$ref` followed.
    static func resolve(_ schema: Any?, in schemas: [String: Any]) throws -> [String: Any] {
        let object = try #require(schema as? [String: Any])
        guard let reference = object["$ref"] as? String else { return object }
        let name = String(reference.split(separator: "/").last ?? "")
        return try #require(schemas[name] as? [String: Any], "\(reference)")
    }

    /// The database's whole content (``FCTestSupport/DatabaseDump``: schema and rows as SQL), read while the server
    /// runs.
    static func fingerprint(_ fixture: ServiceUnderTest) async throws -> String {
        try await DatabaseDump.dump(fixture.database.path)
    }
}

extension HTTPMethod {
    /// The method of an OpenAPI operation key (`get`, `post`, …); nil for other keys (`parameters`).
    init?(openAPI name: String) {
        switch name {
        case "get": self = .GET
        case "post": self = .POST
        case "put": self = .PUT
        case "patch": self = .PATCH
        case "delete": self = .DELETE
        default: return nil
        }
    }
}
