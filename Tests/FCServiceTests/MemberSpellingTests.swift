import Foundation
import Testing

/// One spelling for every member name (docs/json.md): lowerCamelCase with `Id`, `Ids` and `Url`, never `ID`,
/// `IDs` or `URL`, in every command line document's schema (docs/json-schemas) and every API body (docs/openapi.json).
/// The schemas are checked against what the binary and the server write, so a spelling kept out of the schemas is
/// kept out of the documents too.
@Suite struct MemberSpellingTests {
    /// Every property name declared anywhere in `schema`, with where it was declared.
    static func propertyNames(in schema: Any, at path: String = "") -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        if let object = schema as? [String: Any] {
            if let properties = object["properties"] as? [String: Any] {
                found += properties.keys.map { ($0, path + "/properties") }
            }
            for (key, value) in object { found += propertyNames(in: value, at: path + "/" + key) }
        } else if let array = schema as? [Any] {
            for (index, value) in array.enumerated() { found += propertyNames(in: value, at: path + "/\(index)") }
        }
        return found
    }

    static func misspelled(_ names: [(name: String, path: String)]) -> [String] {
        names.filter { name, _ in ["ID", "IDs", "URL"].contains { name.hasSuffix($0) } }
            .map { "\($0.path)/\($0.name)" }.sorted()
    }

    static func document(_ relativePath: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.root.appendingPathComponent(relativePath)))
    }

    @Test("no command line schema names a member …ID, …IDs or …URL")
    func commandLineSchemas() throws {
        let folder = Repository.root.appendingPathComponent("docs/json-schemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count > 30, "\(files)")
        var names: [(name: String, path: String)] = []
        for file in files.sorted() {
            names += Self.propertyNames(in: try Self.document("docs/json-schemas/" + file), at: file)
        }
        #expect(names.contains { $0.name == "topicId" }, "the walk finds the members")
        #expect(Self.misspelled(names) == [])
    }

    @Test("no API body names a member …ID, …IDs or …URL")
    func openAPIDocument() throws {
        let names = Self.propertyNames(in: try Self.document("docs/openapi.json"), at: "openapi.json")
        #expect(names.contains { $0.name == "topicId" }, "the walk finds the members")
        #expect(Self.misspelled(names) == [])
    }

    /// Every object of `schema` that declares an admin flag: where, and whether it is spelled `isAdmin` with `admin`
    /// at most as its deprecated alias beside it (docs/json.md, "Changes").
    static func adminFlags(in schema: Any, at path: String = "") -> [(path: String, oneSpelling: Bool)] {
        var found: [(path: String, oneSpelling: Bool)] = []
        if let object = schema as? [String: Any] {
            if let properties = object["properties"] as? [String: Any],
                properties["isAdmin"] != nil || properties["admin"] != nil
            {
                let alias = properties["admin"] as? [String: Any]
                found.append(
                    (path, properties["isAdmin"] != nil && (alias == nil || alias?["deprecated"] as? Bool == true)))
            }
            for (key, value) in object { found += adminFlags(in: value, at: path + "/" + key) }
        } else if let array = schema as? [Any] {
            for (index, value) in array.enumerated() { found += adminFlags(in: value, at: path + "/\(index)") }
        }
        return found
    }

    @Test("the admin flag is isAdmin in every document, admin only as its deprecated alias")
    func adminFlag() throws {
        var flags = Self.adminFlags(in: try Self.document("docs/openapi.json"), at: "openapi.json")
        for file in ["token.json", "tokens.json", "invite.json"] {
            let before = flags.count
            flags += Self.adminFlags(in: try Self.document("docs/json-schemas/" + file), at: file)
            #expect(flags.count > before, "\(file) declares the flag")
        }
        // The sign-in answer, /v1/me and a personal token.
        #expect(flags.filter { $0.path.hasPrefix("openapi.json") }.count >= 3, "\(flags.map(\.path))")
        #expect(flags.filter { !$0.oneSpelling }.map(\.path) == [])
        #expect(
            Self.adminFlags(in: ["properties": ["admin": ["type": "boolean"]]]).map(\.oneSpelling) == [false],
            "the check finds the old spelling alone")
    }

    @Test("the check finds a misspelled member")
    func findsOne() {
        let schema: [String: Any] = [
            "properties": ["topicId": [:], "nested": ["properties": ["photoURL": [:], "cardIDs": [:]]]]
        ]
        #expect(
            Self.misspelled(Self.propertyNames(in: schema))
                == ["/properties/nested/properties/cardIDs", "/properties/nested/properties/photoURL"])
    }
}
