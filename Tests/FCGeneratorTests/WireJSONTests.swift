import Foundation
import Testing

@testable import FCGenerator

struct WireJSONTests {
    @Test func objectsKeepTheirWrittenKeyOrder() {
        let value: WireJSON = ["zeta": 1, "question": "q", "answer": true, "alpha": nil, "n": 0.5]
        #expect(value.serialized() == #"{"zeta":1,"question":"q","answer":true,"alpha":null,"n":0.5}"#)
    }

    @Test func stringsAreEscapedAndRoundTripThroughJSONSerialization() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} snow ☃"
        let value: WireJSON = ["text": .string(text), "list": [1, "two"]]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(value.data())) as? [String: Any])
        #expect(object["text"] as? String == text)
        #expect(value.serialized().contains(#"\u0007"#))
    }

    @Test func settingReplacesInPlaceOrAppends() {
        let value: WireJSON = ["a": 1, "b": 2]
        #expect(value.setting("a", to: 3).serialized() == #"{"a":3,"b":2}"#)
        #expect(value.setting("c", to: 4).serialized() == #"{"a":1,"b":2,"c":4}"#)
        #expect(value["b"] == .int(2))
    }

    @Test func cardSchemaListsFieldsInWritingOrder() {
        let schema = CardSchema.jsonSchema().serialized()
        let question = schema.range(of: "\"question\"")?.lowerBound
        let answer = schema.range(of: "\"answer\"")?.lowerBound
        #expect(question != nil && answer != nil && question! < answer!)
        #expect(!schema.contains("minItems"))
        #expect(CardSchema.jsonSchema(count: 7).serialized().contains(#""minItems":7,"maxItems":7"#))
    }
}
