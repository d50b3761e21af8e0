import FCCore
import FCSanitizer
import Testing

struct SanitizerTableTests {
    static let cases = SanitizerCase.shapeCases + SanitizerCase.repairCases + SanitizerCase.validationCases

    @Test(arguments: cases)
    func sanitizes(_ row: SanitizerCase) {
        // The rows test reading and validation; quality rules have their own tests (QualityRuleTests), and some rows
        // hold cards they would rightly drop ("The [blank] was Rome's forum." → "Forum").
        let report = Sanitizer(options: SanitizerOptions(quality: .off)).sanitize(row.input, truncated: row.truncated)
        #expect(report.outcome == row.outcome)
        #expect(report.cards.count == row.count)
        if let repairs = row.repairs { #expect(report.repairs == repairs) }
        if let dropped = row.dropped { #expect(report.dropped == dropped) }
        if let questions = row.questions { #expect(report.cards.map(\.question) == questions) }
        if let answers = row.answers { #expect(report.cards.map(\.answer) == answers) }
        if let explanations = row.explanations { #expect(report.cards.map(\.explanation) == explanations) }
        if let kinds = row.kinds { #expect(report.cards.map(\.kind) == kinds) }
        #expect(report.cards.allSatisfy { $0.origin == .generated })
        #expect(Set(report.repairs).count == report.repairs.count)
    }

    @Test func tableIsLargeAndNamesAreUnique() {
        #expect(Self.cases.count >= 45)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }
}
