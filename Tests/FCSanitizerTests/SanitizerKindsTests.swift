import FCCore
import FCSanitizer
import Foundation
import Testing

/// Cloze and multiple-choice cards in model replies: the shapes models write, repairs, and drops with reasons.
struct SanitizerKindsTests {
    private func sanitize(_ reply: String) -> SanitizerReport {
        Sanitizer(options: SanitizerOptions(structuredKinds: true)).sanitize(reply)
    }

    @Test func clozeTextIsReadFromTheQuestionOrATextField() throws {
        let report = sanitize(
            #"""
            {"cards": [
              {"type": "cloze", "text": "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.", "explanation": "Legend."},
              {"question": "The {{c1::Rubicon}} was crossed in 49 BC."}
            ]}
            """#)
        #expect(report.cards.map(\.kind) == [.cloze, .cloze])
        #expect(report.cards.first?.question == "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.")
        #expect(report.cards.first?.answer == "Romulus founded Rome in 753 BC.")
        #expect(report.cards.first?.explanation == "Legend.")
        #expect(report.cards.last?.answer == "The Rubicon was crossed in 49 BC.")
        #expect(report.dropped.isEmpty)
        #expect(report.cards.allSatisfy { $0.flags.isEmpty })
    }

    @Test func aClozeWithOneBlankIsRepairedAndOneWithoutADeletionIsDropped() {
        let report = sanitize(
            #"""
            [{"type": "cloze", "question": "Rome was founded by ____ in 753 BC.", "answer": "Romulus"},
             {"type": "cloze", "question": "Caesar crossed the [...] in ____ BC.", "answer": "Rubicon"},
             {"type": "cloze", "question": "Caesar crossed the Rubicon.", "answer": "Rubicon"},
             {"type": "cloze", "text": "Nero {{c1::fiddled while Rome burned."}]
            """#)
        #expect(report.cards.map(\.kind) == [.cloze, .fillblank])
        #expect(report.cards.first?.question == "Rome was founded by {{c1::Romulus}} in 753 BC.")
        // No blank to repair from: kept as a question card (salvaged), which the answer-in-question rule then
        // drops; an unclosed deletion without an answer has nothing to salvage: `cloze_invalid`.
        #expect(report.dropped == [.clozeInvalid: 1, .quality: 1])
    }

    @Test func optionsWithACorrectFlagMakeAMultipleChoiceCard() throws {
        let report = sanitize(
            #"""
            [{"question": "Who was the first Roman emperor?", "type": "multiple_choice",
              "options": [{"text": "Nero", "correct": false}, {"text": "Augustus", "correct": true},
                          {"text": "Trajan"}, {"text": "Hadrian", "is_correct": false}]}]
            """#)
        let card = try #require(report.cards.first)
        #expect(card.kind == .mcq)
        #expect(card.answer == "Augustus")
        #expect(card.choices?.options == ["Nero", "Augustus", "Trajan", "Hadrian"])
        #expect(card.choices?.correctIndex == 1)
    }

    @Test(arguments: [
        #"{"question": "First emperor?", "choices": ["Nero", "Augustus", "Trajan", "Hadrian"], "answer": "augustus"}"#,
        #"{"question": "First emperor?", "choices": ["Nero", "Augustus", "Trajan", "Hadrian"], "correct_index": 1}"#,
        #"{"question": "First emperor?", "options": ["A) Nero", "B) Augustus", "C) Trajan", "D) Hadrian"], "answer": "B"}"#,
        #"{"question": "First emperor?", "answer": "Augustus", "distractors": ["Nero", "Trajan", "Hadrian"]}"#,
        #"{"question": "First emperor?", "answers": ["Nero", "Augustus", "Trajan", "Hadrian"], "correct_option": "b)"}"#,
    ])
    func theCorrectOptionIsFoundInEveryShape(card: String) throws {
        let report = sanitize("[\(card)]")
        let kept = try #require(report.cards.first, "\(report.dropped)")
        #expect(kept.kind == .mcq)
        #expect(kept.answer == "Augustus")
        #expect(kept.choices?.correct == "Augustus")
        #expect(kept.choices?.options.count == 4)
    }

    @Test func badMultipleChoiceCardsWithAnAnswerAreKeptAsQuestionsAndTheRestDropped() {
        let report = sanitize(
            #"""
            [{"question": "Two right?", "options": [{"text": "A", "correct": true}, {"text": "B", "correct": true},
                                                   {"text": "C"}, {"text": "D"}]},
             {"question": "None right?", "options": ["A", "B", "C", "D"], "answer": "E"},
             {"question": "Too few?", "options": ["A", "B", "C"], "answer": "A"},
             {"question": "Same twice?", "options": ["Rome", "rome.", "Paris", "Milan"], "answer": "Paris"},
             {"question": "Type only?", "type": "mcq", "answer": "A"},
             {"question": "Fine?", "options": ["A1", "B2", "C3", "D4", "E5"], "answer": "C3"}]
            """#)
        #expect(report.cards.map(\.question) == ["None right?", "Too few?", "Same twice?", "Type only?", "Fine?"])
        #expect(report.cards.map(\.kind) == [.question, .question, .question, .question, .mcq])
        #expect(
            report.cards.map { $0.flags.first ?? "" } == [
                "salvaged:mcq_no_correct", "salvaged:mcq_distractors", "salvaged:mcq_duplicate_option",
                "salvaged:mcq_no_correct", "",
            ])
        // Two correct options and no answer: no question-and-answer card to keep.
        #expect(report.dropped == [.mcqSeveralCorrect: 1])
    }

    @Test func aLongListBecomesAClozeCardWithOneDeletionPerItem() throws {
        let report = sanitize(
            #"[{"question": "Which are the four Gospels?", "answer": "Matthew, Mark, Luke and John."}]"#)
        let card = try #require(report.cards.first)
        #expect(card.kind == .cloze)
        #expect(
            card.question
                == "Which are the four Gospels? {{c1::Matthew}}, {{c2::Mark}}, {{c3::Luke}} and {{c4::John}}.")
        #expect(card.answer == "Which are the four Gospels? Matthew, Mark, Luke and John.")
        #expect(card.flags == ["long-list"])
        #expect(report.quality[.longList] == QualityTally(fixed: 1))
    }

    @Test func aListOfLinesKeepsItsBullets() throws {
        let report = sanitize(
            #"[{"question": "Name the noble gases of the first three periods.", "answer": "- Helium\n- Neon\n- Argon\n- Krypton"}]"#
        )
        let card = try #require(report.cards.first)
        #expect(card.kind == .cloze)
        #expect(card.question.hasSuffix("\n- {{c1::Helium}}\n- {{c2::Neon}}\n- {{c3::Argon}}\n- {{c4::Krypton}}"))
    }

    @Test func aListWithAClauseStaysFlaggedAndUnchanged() throws {
        let answer = "Rome, Carthage, Athens, and Sparta, which fought Athens for decades"
        let report = sanitize(#"[{"question": "Which cities were powers?", "answer": "\#(answer)"}]"#)
        let card = try #require(report.cards.first)
        #expect(card.kind != .cloze)
        #expect(card.answer == answer)
    }

    @Test func theReportCarriesChoicesAsJSON() throws {
        let report = sanitize(
            #"[{"question": "First emperor?", "answer": "Augustus", "distractors": ["Nero", "Trajan", "Hadrian"]}]"#)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(
            json.contains(#""choices":{"correctIndex":0,"options":["Augustus","Nero","Trajan","Hadrian"]}"#)
                || json.contains(#""choices":{"options":["Augustus","Nero","Trajan","Hadrian"],"correctIndex":0}"#))
        let decoded = try JSONDecoder().decode(SanitizerReport.self, from: Data(json.utf8))
        #expect(decoded == report)
    }

    @Test func withoutStructuredKindsRepliesReadAsBefore() throws {
        let reply = #"""
            [{"type": "cloze", "question": "Rome was founded by ____.", "answer": "Romulus"},
             {"type": "mcq", "question": "First emperor?", "answer": "Augustus", "distractors": ["Nero", "Trajan", "Hadrian"]},
             {"question": "Which are the four Gospels?", "answer": "Matthew, Mark, Luke and John."}]
            """#
        let report = Sanitizer().sanitize(reply)
        #expect(report.cards.map(\.kind) == [.fillblank, .question, .question])
        #expect(report.cards.allSatisfy { $0.choices == nil })
        #expect(report.quality[.longList] == QualityTally(kept: 1))
    }
}
