import Foundation
import Testing

/// One card DTO, one spelling: the command line's card (`$defs/card` in docs/json-schemas, written by
/// `fcgen cards`, `card show`, sessions) and the API's (`Card` in docs/openapi.json) have the same members, spelled
/// the same, at every level. Both documents are checked against real output elsewhere (`JSONContractTests`,
/// ``OpenAPICheck``), so this ties the writers too; the members only one side writes are named here.
@Suite("Card shape")
struct CardShapeTests {
    /// A schema's members, nested objects (`image`, its `credit`, `source`) by their own members, `$ref`s followed
    /// within `root`.
    struct Shape: Equatable, CustomStringConvertible {
        var required: Set<String>
        var members: [String: Shape?]

        var description: String {
            members.keys.sorted().map { key in
                let name = required.contains(key) ? key : key + "?"
                guard case .some(.some(let inner)) = members[key] else { return name }
                return "\(name) {\(inner)}"
            }.joined(separator: ", ")
        }

        init?(_ schema: [String: Any], root: [String: Any]) {
            var schema = schema
            if let reference = schema["$ref"] as? String {
                guard let resolved = Self.resolve(reference, in: root) else { return nil }
                schema = resolved
            }
            guard let properties = schema["properties"] as? [String: Any] else { return nil }
            required = Set(schema["required"] as? [String] ?? [])
            members = properties.mapValues { ($0 as? [String: Any]).flatMap { Shape($0, root: root) } }
        }

        /// `#/$defs/card`, `#/components/schemas/Card`.
        static func resolve(_ reference: String, in root: [String: Any]) -> [String: Any]? {
            var node: Any = root
            for key in reference.dropFirst(2).split(separator: "/") {
                guard let next = (node as? [String: Any])?[String(key)] else { return nil }
                node = next
            }
            return node as? [String: Any]
        }

        /// This shape without `names` at the member `path` leads to (`[]`: at the top).
        func removing(_ names: Set<String>, at path: [String] = []) -> Shape {
            var copy = self
            if let first = path.first {
                if case .some(.some(let inner)) = members[first] {
                    copy.members[first] = inner.removing(names, at: Array(path.dropFirst()))
                }
            } else {
                for name in names { copy.members[name] = nil }
                copy.required.subtract(names)
            }
            return copy
        }
    }

    static func json(_ relativePath: String) throws -> [String: Any] {
        let url = Repository.root.appendingPathComponent(relativePath)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("the command line's card and the API's card have the same members, spelled the same")
    func sameMembers() throws {
        let cliDocument = try Self.json("docs/json-schemas/card.json")
        let apiDocument = try Self.json("docs/openapi.json")
        let cli = try #require(Shape(["$ref": "#/$defs/card"], root: cliDocument))
        let api = try #require(Shape(["$ref": "#/components/schemas/Card"], root: apiDocument))
        #expect(cli.members["topicId"] != nil && cli.members["image"] != nil, "\(cli)")

        // Only the API: the learner's progress, the feed's faces, the picture's URL on this server.
        // Only the command line: the path the source was read from, on the operator's machine.
        let apiCommon = api.removing(["progress", "shown"]).removing(["url"], at: ["image"])
        let cliCommon = cli.removing(["path"], at: ["source"])
        #expect(cliCommon == apiCommon, "command line: \(cliCommon)\nAPI: \(apiCommon)")
    }
}
