import FCCommandLine
import Foundation
import Logging
import Testing

/// `--log-format json`: one object per line with time, level, label, message and typed metadata.
struct JSONLogHandlerTests {
    @Test func aLineHasTheFiveFieldsWithRFC3339UTCTime() throws {
        let lines = CapturedLines()
        let logger = LogFormat.json.logger(label: "fcgen-worker", sink: lines.sink)
        logger.info("job 3 claimed", metadata: ["event": "job_claimed", "topic": "Roman history"])
        let object = try lines.jsonObject()
        #expect(Set(object.keys) == ["time", "level", "label", "message", "metadata"])
        #expect(object["time"] as? String == "2026-03-01T09:30:00.250Z")
        #expect(object["level"] as? String == "info")
        #expect(object["label"] as? String == "fcgen-worker")
        #expect(object["message"] as? String == "job 3 claimed")
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["event"] as? String == "job_claimed")
        #expect(metadata["topic"] as? String == "Roman history")
        #expect(!lines.all[0].contains("\n"), "one object per line")
    }

    @Test func numbersBooleansAndNestingKeepTheirJSONTypes() throws {
        let lines = CapturedLines()
        let logger = LogFormat.json.logger(label: "fcgen", sink: lines.sink)
        logger.warning(
            "round finished",
            metadata: [
                "job": .stringConvertible(Int64(42)), "kept": .stringConvertible(15), "ratio": .stringConvertible(0.5),
                "strict": .stringConvertible(true), "summary": ["done": .stringConvertible(2)],
                "ids": [.stringConvertible(1), "two"],
            ])
        let metadata = try #require(try lines.jsonObject()["metadata"] as? [String: Any])
        #expect(metadata["job"] as? Int == 42)
        #expect(metadata["kept"] as? Int == 15)
        #expect(metadata["ratio"] as? Double == 0.5)
        #expect(metadata["strict"] as? Bool == true)
        #expect((metadata["summary"] as? [String: Any])?["done"] as? Int == 2)
        #expect((metadata["ids"] as? [Any])?.count == 2)
        #expect(lines.all[0].contains(#""kept":15"#), "a number, not the string \"15\"")
    }

    @Test func loggerMetadataMergesAndAMessageWithoutAnyLeavesTheKeyOut() throws {
        let lines = CapturedLines()
        var logger = LogFormat.json.logger(label: "fcgen", sink: lines.sink)
        logger.error("plain")
        #expect(try lines.jsonObject()["metadata"] == nil)

        let more = CapturedLines()
        logger = LogFormat.json.logger(label: "fcgen", sink: more.sink)
        logger[metadataKey: "worker"] = "host:1"
        logger[metadataKey: "event"] = "default"
        logger.error("tagged", metadata: ["event": "explicit"])
        let metadata = try #require(try more.jsonObject()["metadata"] as? [String: Any])
        #expect(metadata["worker"] as? String == "host:1")
        #expect(metadata["event"] as? String == "explicit", "the message's own metadata wins")
    }

    @Test func messagesWithQuotesAndNewlinesStayOneValidLine() throws {
        let lines = CapturedLines()
        LogFormat.json.logger(label: "fcgen", sink: lines.sink).error("bad rows\n  \"a\": 1 \\ 2")
        #expect(lines.all.count == 1 && !lines.all[0].contains("\n"))
        #expect(try lines.jsonObject()["message"] as? String == "bad rows\n  \"a\": 1 \\ 2")
    }
}
