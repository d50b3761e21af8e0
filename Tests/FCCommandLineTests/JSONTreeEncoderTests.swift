import FCContract
import Foundation
import Testing

/// ``JSONTreeEncoder`` gives the tree that `JSONEncoder` then `JSONDecoder` gave (the path it replaced), for every
/// shape fcgen's documents use.
struct JSONTreeEncoderTests {
    /// The replaced path, kept here as the reference.
    static func throughText(_ value: some Encodable) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ContractJSON.timestamp(date))
        }
        return try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(value))
    }

    enum Mood: String, Codable { case calm, busy }

    struct Inner: Codable, Equatable {
        var id: Int64
        var score: Double
        var note: String?
        var tags: [String]
    }

    struct Everything: Encodable {
        var text = "Café \u{1B}[31m \"quoted\" \n"
        var flag = true
        var count = 42
        var small: Int8 = -3
        var big: UInt64 = 18_446_744_073_709_551_615
        var fraction = 0.35000000000000003
        var whole = 2.0
        var single: Float = 0.1
        var absent: String? = nil
        var present: String? = "here"
        var when = Date(timeIntervalSince1970: 1_700_000_000.123)
        var link = URL(fileURLWithPath: "/tmp/a deck/b.csv")
        var bytes = Data([0, 1, 2, 250])
        var mood = Mood.busy
        var inners = [Inner(id: 1, score: 0.5, note: nil, tags: []), Inner(id: 2, score: 3, note: "n", tags: ["a"])]
        var byName = ["b": 2, "a": 1]
        var byNumber = [7: "seven", 3: "three"]
        var nested = [[1, 2], [], [3]]
        var optionals: [Int?] = [1, nil, 3]
        var tree = JSONValue.object(["k": .array([.null, .bool(false), .number(1.5)])])
        var empty: [String: Int] = [:]
    }

    /// A type that writes its own containers: a nested keyed container, a nested unkeyed one, explicit nils.
    struct Handwritten: Encodable {
        enum Key: String, CodingKey { case header, rows, missing }
        enum HeaderKey: String, CodingKey { case name }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var header = container.nestedContainer(keyedBy: HeaderKey.self, forKey: .header)
            try header.encode("deck", forKey: .name)
            var rows = container.nestedUnkeyedContainer(forKey: .rows)
            try rows.encode(1)
            try rows.encodeNil()
            var row = rows.nestedContainer(keyedBy: HeaderKey.self)
            try row.encode("inner", forKey: .name)
            try container.encodeNil(forKey: .missing)
        }
    }

    @Test func everyShapeGivesTheTreeTheTextRoundTripGave() throws {
        let tree = try JSONTreeEncoder.tree(Everything())
        let reference = try Self.throughText(Everything())
        guard case .object(let members) = reference else { Issue.record("not an object"); return }
        for (key, value) in members { #expect(tree[key] == value, "member \(key)") }
        #expect(tree == reference)
        #expect(try JSONTreeEncoder.tree(Handwritten()) == Self.throughText(Handwritten()))
        #expect(try JSONTreeEncoder.tree([1.5, 2.25]) == Self.throughText([1.5, 2.25]))
        #expect(try JSONTreeEncoder.tree("top") == Self.throughText("top"))
    }

    @Test func theWrittenDocumentIsTheSameText() throws {
        let tree = try JSONTreeEncoder.tree(Everything())
        let text = try Self.throughText(Everything())
        #expect(JSONWriter(pretty: false).write(tree) == JSONWriter(pretty: false).write(text))
        #expect(tree["present"] == .string("here"))
        #expect(tree["absent"] == nil)
        #expect(tree["when"] == .string("2023-11-14T22:13:20.123Z"))
    }

    /// A type that encodes one key twice: the second value wins, as in `JSONEncoder`.
    struct Twice: Encodable {
        enum Key: String, CodingKey { case name }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("first", forKey: .name)
            try container.encode("second", forKey: .name)
        }
    }

    /// A type that encodes nothing (JSONEncoder writes `{}`).
    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// ``JSONTreeEncoder/text(_:writer:adding:)`` (what every document and response is written by) writes what the
    /// writer writes of the tree with the members added, byte for byte, pretty and on one line.
    @Test func theTextWrittenStraightFromTheNodesIsTheTreesText() throws {
        let extra: [String: JSONValue] = ["schemaVersion": .integer(3), "count": .string("replaced")]
        func expectSame(_ value: some Encodable, adding: [String: JSONValue]) throws {
            for writer in [JSONWriter(pretty: true), JSONWriter(pretty: false)] {
                var tree = try JSONTreeEncoder.tree(value)
                for (key, member) in adding { tree[key] = member }
                #expect(try JSONTreeEncoder.text(value, writer: writer, adding: adding) == writer.write(tree))
            }
        }
        try expectSame(Everything(), adding: extra)
        try expectSame(Handwritten(), adding: extra)
        try expectSame(Twice(), adding: [:])
        try expectSame([1.5, 2.25], adding: extra)
        try expectSame("top", adding: extra)
        try expectSame(JSONValue.object(["a": .integer(1)]), adding: extra)
        #expect(try JSONTreeEncoder.text(Twice(), writer: JSONWriter(pretty: false)) == #"{"name":"second"}"#)
        #expect(
            try JSONTreeEncoder.text(Nothing(), writer: JSONWriter(pretty: false), adding: ["v": .integer(3)])
                == #"{"v":3}"#)
    }

    @Test func aNumberThatIsNotFiniteIsRefused() {
        #expect(throws: EncodingError.self) { try JSONTreeEncoder.tree(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONTreeEncoder.tree([Double.infinity]) }
    }
}
