import FCCore
import FCSanitizer
import Testing

/// A small model sometimes copies the reply shape its prompt shows instead of filling it in (SmolLM2-135M wrote the
/// shape's `"..."` into all 15 cards of a batch, 2026-11-30). Whatever slots the shape uses, `...` or `<question>`,
/// a card that copies them is dropped as a placeholder, and a reply of nothing else falls back.
struct PromptExampleCopyTests {
    static let shapes = [
        #"{"question": "...", "answer": "...", "explanation": "...", "type": "question", "image_query": ""}"#,
        #"{"question": "<question>", "answer": "<answer>", "explanation": "<explanation>", "type": "question", "image_query": ""}"#,
        #"{"question": "<question>", "answer": "<answer>", "explanation": "<explanation>", "type": "question"}"#,
    ]

    @Test(arguments: shapes)
    func aReplyOfCopiedShapesHoldsNoCard(shape: String) {
        let reply = "{\"cards\": [" + Array(repeating: shape, count: 15).joined(separator: ", ") + "]}"
        let report = Sanitizer().sanitize(reply)
        #expect(report.cards.isEmpty)
        #expect(report.outcome == .fallback)
        #expect((report.dropped[.placeholder] ?? 0) + (report.dropped[.duplicateInBatch] ?? 0) == 15)
    }

    @Test(arguments: shapes)
    func aCopiedShapeAmongRealCardsIsDroppedAlone(shape: String) {
        let real = #"{"question": "Who founded Rome?", "answer": "Romulus", "explanation": "", "type": "question"}"#
        let report = Sanitizer().sanitize("{\"cards\": [" + shape + ", " + real + "]}")
        #expect(report.cards.map(\.question) == ["Who founded Rome?"])
        #expect(report.dropped[.placeholder] == 1)
    }
}
