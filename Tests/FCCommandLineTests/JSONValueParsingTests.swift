import Foundation
import Testing

@testable import FCContract

/// `JSONValue.parse` (the sanitizer's exact RFC 8259 reader) gives the tree the `Decodable` conformance gives, for
/// every kind of value and the numbers where the two could differ; it refuses what that conformance refuses, and
/// more: a trailing comma (which Foundation's decoder lets through) and a key written twice.
struct JSONValueParsingTests {
    @Test(arguments: [
        #"{"a":true,"b":false,"c":1,"d":0,"e":-0,"f":1.0,"g":1e2,"h":0.1,"i":9223372036854775807}"#,
        #"{"j":-9223372036854775808,"k":10000000000000000000,"l":1.5e300,"m":"t\u00e9xt \"q\" \\","n":null}"#,
        #"{"o":[1,"x",[true,null],{"p":2.25}],"q":{},"r":[],"s":"","t":1,"u":"1"}"#,
        #"[1,2.5,"three",false]"#, #""a string""#, "42", "true", "null", "-1.25e-3",
    ])
    func parsesAsTheDecoderDoes(text: String) throws {
        let parsed = try JSONValue.parse(Array(text.utf8))
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(parsed == decoded)
    }

    @Test("a key written twice is refused, at any depth, naming it and where it is")
    func duplicateKeys() {
        #expect(throws: JSONValue.ParseError.duplicateKey("a", path: "")) {
            try JSONValue.parse(Array(#"{"a":1,"b":2,"a":3}"#.utf8))
        }
        #expect(throws: JSONValue.ParseError.duplicateKey("rating", path: "reviews[1]")) {
            try JSONValue.parse(Array(#"{"reviews":[{"rating":1},{"rating":1,"rating":4}]}"#.utf8))
        }
        #expect(throws: Never.self) { try JSONValue.parse(Array(#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#.utf8)) }
    }

    @Test("escapes mean what RFC 8259 says (no LaTeX rule for request bodies), and numbers stay in range")
    func exactEscapesAndNumbers() throws {
        #expect(try JSONValue.parse(Array(#""\frac""#.utf8)) == .string("\u{0C}rac"))
        #expect(try JSONValue.parse(Array(#""\\frac""#.utf8)) == .string("\\frac"))
        #expect(try JSONValue.parse(Array("-9223372036854775808".utf8)) == .integer(.min))
        #expect(try JSONValue.parse(Array("-9223372036854775809".utf8)) == .number(-9_223_372_036_854_775_809.0))
        #expect(throws: JSONValue.ParseError.numberOutOfRange("1e400")) { try JSONValue.parse(Array("1e400".utf8)) }
    }

    @Test(arguments: [#"{"v":1,}"#, "[1,]", "NaN", "Infinity", "+1", ".5", "'a'"])
    func refusesWhatRFC8259Refuses(text: String) {
        #expect(throws: (any Error).self) { try JSONValue.parse(Array(text.utf8)) }
    }

    @Test func booleansAreNeverNumbers() throws {
        #expect(try JSONValue.parse(Array(#"{"a":true,"b":1}"#.utf8)) == .object(["a": .bool(true), "b": .integer(1)]))
    }

    @Test(arguments: [#"{"a":"#, "1e400", "", #"{'a':1}"#, "[1 2]"])
    func refusesWhatTheDecoderRefuses(text: String) {
        #expect(throws: (any Error).self) { try JSONValue.parse(Array(text.utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }
    }
}
