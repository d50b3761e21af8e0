import FCCore
import FCSanitizer
import Testing

/// A card that fails its kind's own requirements but is a valid question and answer is kept as a plain question
/// card, flagged with why; only a card without a usable question or answer is dropped.
struct SalvageTests {
    func sanitize(_ reply: String) -> SanitizerReport {
        var options = SanitizerOptions()
        options.structuredKinds = true
        return Sanitizer(options: options).sanitize(reply)
    }

    @Test(arguments: [
        // Multiple choice with the options written in the question and no options member.
        (
            #"{"type": "mcq", "question": "Which river did Caesar cross in 49 BC: Tiber, Rubicon, Po or Arno?", "answer": "The Rubicon"}"#,
            "salvaged:mcq_no_correct"
        ),
        // Multiple choice whose answer is not among its options.
        (
            #"{"type": "mcq", "question": "Who succeeded Augustus as emperor?", "options": ["Nero", "Caligula", "Claudius", "Vespasian"], "answer": "Tiberius"}"#,
            "salvaged:mcq_no_correct"
        ),
        // Cloze without a deletion or a blank.
        (
            #"{"type": "cloze", "question": "In which year did Augustus die?", "answer": "AD 14"}"#,
            "salvaged:cloze_invalid"
        ),
        // Fill-in without a blank.
        (
            #"{"type": "fillblank", "question": "Which legion was lost in the Teutoburg Forest?", "answer": "Three legions: XVII, XVIII and XIX"}"#,
            "salvaged:blank_missing"
        ),
        // True/false whose answer is no truth value.
        (
            #"{"type": "truefalse", "question": "Which emperor built the wall across northern Britain?", "answer": "Hadrian"}"#,
            "salvaged:not_true_or_false"
        ),
    ])
    func aCardOfTheWrongShapeIsKeptAsAQuestionFlaggedWithWhy(card: String, flag: String) throws {
        let report = sanitize("[\(card)]")
        let kept = try #require(report.cards.first, "dropped: \(report.dropped)")
        #expect(kept.kind == .question)
        #expect(kept.flags.first == flag, "\(kept.flags)")
        #expect(kept.choices == nil)
        #expect(report.dropped.isEmpty)
    }

    @Test func withoutAnAnswerOrAQuestionNothingIsSalvaged() {
        let report = sanitize(
            #"""
            [{"type": "mcq", "question": "Which of these?", "options": ["A", "B", "C", "D"]},
             {"type": "cloze", "text": "Nero {{c1::fiddled while Rome burned."},
             {"type": "fillblank", "answer": "Romulus"}]
            """#)
        #expect(report.cards.isEmpty)
        #expect(report.dropped == [.mcqNoCorrect: 1, .clozeInvalid: 1, .missingQuestion: 1])
    }

    @Test func aSalvagedCardStillMeetsTheOtherChecks() {
        let long = String(repeating: "x", count: 1_001)
        let report = sanitize(
            #"""
            [{"type": "mcq", "question": "As an AI, I cannot answer that.", "answer": "None"},
             {"type": "fillblank", "question": "Who founded Rome?", "answer": "\#(long)"}]
            """#)
        #expect(report.cards.isEmpty)
        #expect(report.dropped == [.refusal: 1, .tooLong: 1])
    }
}
