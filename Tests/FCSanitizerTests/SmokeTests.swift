import FCCore
import FCSanitizer
import Testing

struct SmokeTests {
    @Test func readsCleanArray() {
        let report = Sanitizer().sanitize(#"[{"question":"Q1?","answer":"A1"}]"#)
        #expect(report.cards.count == 1)
        #expect(report.outcome == .strict)
    }
}
