import FCSanitizer
import Testing

/// `ParsedJSON.parseStrict`, the entry point the config loader uses.
struct ParsedJSONStrictTests {
    @Test func duplicateKeysAreKeptInOrderWithTheirOffsets() throws {
        let tree = try ParsedJSON.parseStrict(Array(#"{"a": 1, "b": true, "a": "x"}"#.utf8))
        guard case .object(let members, let truncated) = tree else {
            Issue.record("expected an object, got \(tree)")
            return
        }
        #expect(!truncated)
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map(\.keyOffset) == [1, 9, 20])
        guard case .string(let last) = members[2].value else {
            Issue.record("expected a string")
            return
        }
        #expect(last == "x")
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 8),  // trailing comma: lenient mode would repair it, strict mode stops there
        (#"{a: 1}"#, 1),
        (#"{"a": 01}"#, 6),
    ])
    func leniencyIsRefusedAtItsOffset(_ json: String, _ offset: Int) {
        #expect(throws: SanitizerError.unexpectedByte(offset: offset)) {
            try ParsedJSON.parseStrict(Array(json.utf8))
        }
    }

    @Test func aCutDocumentIsEndOfInput() {
        #expect(throws: SanitizerError.endOfInput(offset: 9)) { try ParsedJSON.parseStrict(Array(#"{"a": "xy"#.utf8)) }
    }
}
