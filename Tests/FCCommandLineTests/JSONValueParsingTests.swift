import Foundation
import Testing

@testable import FCCommandLine

/// `JSONValue.parse` (Foundation's `JSONSerialization`) gives the tree the `Decodable` conformance gives, for every
/// kind of value and the numbers where the two could differ; and it refuses what that conformance refuses.
struct JSONValueParsingTests {
    @Test(arguments: [
        #"{"a":true,"b":false,"c":1,"d":0,"e":-0,"f":1.0,"g":1e2,"h":0.1,"i":9223372036854775807}"#,
        #"{"j":-9223372036854775808,"k":10000000000000000000,"l":1.5e300,"m":"t\u00e9xt \"q\" \\","n":null}"#,
        #"{"o":[1,"x",[true,null],{"p":2.25}],"q":{},"r":[],"s":"","t":1,"u":"1"}"#,
        #"[1,2.5,"three",false]"#, #""a string""#, "42", "true", "null", "-1.25e-3", #"{"v":1,}"#,
    ])
    func parsesAsTheDecoderDoes(text: String) throws {
        let parsed = try JSONValue.parse(Array(text.utf8))
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(parsed == decoded)
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
