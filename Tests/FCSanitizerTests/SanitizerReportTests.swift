import FCCore
import FCSanitizer
import Foundation
import Testing

struct SanitizerReportTests {
    @Test func encodesDroppedAsAnObjectAndRoundTrips() throws {
        let report = Sanitizer().sanitize("```json\n[\(Cards.one),\(Cards.one),{\"question\":\"Q\"}]\n```")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["dropped"] as? [String: Int] == ["duplicate_in_batch": 1, "missing_answer": 1])
        #expect(object["repairs"] as? [String] == ["code_fence"])
        #expect(object["outcome"] as? String == "repaired")
        #expect(try JSONDecoder().decode(SanitizerReport.self, from: data) == report)
        #expect(report.droppedCount == 2)
    }

    @Test func repairRawValuesAreSnakeCase() {
        for repair in Repair.allCases {
            #expect(repair.rawValue.allSatisfy { $0.isLowercase || $0 == "_" })
        }
        #expect(Repair.codeFence.rawValue == "code_fence")
    }

    @Test func defaultsMatchTheContract() {
        let options = SanitizerOptions()
        #expect(options.limits == CardLimits.standard)
        #expect(options.origin == .generated)
        #expect(options.fallbackTopic == nil)
        #expect(options.fallbackPlan == nil)
        #expect(options.fallbackCount == 5)
    }
}
