import FCPipeline
import Foundation
import Testing

/// Foundation's decoder lets one copy of a repeated key win without a word; the config loader refuses it.
struct ConfigDuplicateKeyTests {
    private func message(_ json: String) -> String? {
        do {
            _ = try ConfigLayer.parse(Data(json.utf8), file: "config.json")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aSettingWrittenTwiceIsRefusedWithBothLines() {
        let json = """
            {
              "model": "gpt-4o-mini",
              "retries": 2,
              "model": "gpt-4o"
            }
            """
        #expect(message(json) == "config.json: key \"model\": appears twice (lines 2 and 4); keep one")
    }

    @Test func aRepeatedSettingIsRefusedEvenWhenBothCopiesAgree() {
        #expect(
            message(#"{"retries": 2, "retries": 2}"#)
                == "config.json: key \"retries\": appears twice (lines 1 and 1); keep one")
    }

    @Test func aRepeatedNullCountsToo() {
        // `null` means "not set here", but writing the key twice is still a mistake worth pointing at.
        #expect(message("{\"model\": null,\n\"model\": \"x\"}")?.contains("appears twice (lines 1 and 2)") == true)
    }

    @Test func commentKeysMayRepeat() throws {
        let layer = try ConfigLayer.parse(
            Data(#"{"//": "one note", "//": "another note", "retries": 4}"#.utf8), file: "config.json")
        #expect(layer.retries == 4)
    }

    @Test func invalidJSONNamesLineAndColumnButNoText() {
        let text = message("{\n  \"model\": \"x\",\n  \"retries\": 2 3\n}")
        #expect(text == "config.json: is not valid JSON: line 3, column 16: unexpected character")
        #expect(
            message(#"{"model": "sk-proj-abc"#)
                == "config.json: is not valid JSON: line 1, column 23: the file ends inside a value")
    }
}
