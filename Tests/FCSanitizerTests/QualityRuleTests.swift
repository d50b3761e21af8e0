import FCCore
import FCSanitizer
import Foundation
import Testing

/// What each quality rule does to a card in a real reply: flags, fixes, drops, and the report's counts.
struct QualityRuleTests {
    private func sanitize(_ cards: [QualityCase], existing: [String] = [], rules: QualityRules = .standard)
        -> SanitizerReport
    {
        let sanitizer = Sanitizer(options: SanitizerOptions(quality: rules))
        return sanitizer.sanitize(QualityEvaluation.reply(cards), existingKeys: Set(existing.map(DedupKey.make)))
    }

    @Test func aYesNoQuestionWithAYesNoAnswerBecomesATrueFalseCard() throws {
        let report = sanitize([
            QualityCase(type: "question", question: "Is Canberra the capital of Australia?", answer: "Yes, since 1913.")
        ])
        let card = try #require(report.cards.first)
        #expect(card.kind == .truefalse)
        #expect(card.answer == "True")
        #expect(card.explanation == "since 1913.")
        #expect(card.flags == ["yes-no-question"])
        #expect(report.quality == [.yesNoQuestion: QualityTally(fixed: 1)])
        #expect(report.outcome == .strict)
    }

    @Test func aYesNoQuestionWithAnotherAnswerIsKeptWithItsFlag() throws {
        let report = sanitize([
            QualityCase(type: "question", question: "Should you say 'tu' to your boss?", answer: "Only if invited to.")
        ])
        let card = try #require(report.cards.first)
        #expect(card.kind == .question)
        #expect(card.flags == ["yes-no-question"])
        #expect(report.quality == [.yesNoQuestion: QualityTally(kept: 1)])
    }

    @Test func aLeakedAnswerDropsTheCardAndSaysWhy() throws {
        let report = sanitize([
            QualityCase(type: "question", question: "Which planet, Mars, is called the red planet?", answer: "Mars"),
            QualityCase(type: "question", question: "Which planet is the largest?", answer: "Jupiter"),
        ])
        #expect(report.cards.map(\.answer) == ["Jupiter"])
        #expect(report.dropped == [.quality: 1])
        #expect(report.quality == [.answerInQuestion: QualityTally(dropped: 1)])
        let drop = try #require(report.qualityDropped.first)
        #expect(drop.rule == .answerInQuestion)
        #expect(drop.card.answer == "Mars")
        #expect(drop.similarTo == nil)
    }

    @Test func nearDuplicatesAreDroppedWithinTheBatchAndAgainstTheTopic() throws {
        let report = sanitize(
            [
                QualityCase(type: "question", question: "Who was the first emperor of Rome?", answer: "Augustus"),
                QualityCase(type: "question", question: "Who was Rome's first emperor?", answer: "Augustus"),
                QualityCase(
                    type: "question", question: "In what year did Julius Caesar cross the Rubicon?", answer: "49 BC"),
            ],
            existing: ["When did Caesar cross the Rubicon?"])
        #expect(report.cards.map(\.question) == ["Who was the first emperor of Rome?"])
        #expect(report.quality == [.nearDuplicate: QualityTally(dropped: 2)])
        #expect(
            report.qualityDropped.map(\.similarTo) == [
                "Who was the first emperor of Rome?", "when did caesar cross the rubicon",
            ])
    }

    @Test func distinctQuestionsOnOneSubjectAreNoNearDuplicates() {
        let report = sanitize([
            QualityCase(
                type: "question", question: "Which battle ended the First Punic War?", answer: "Aegates Islands"),
            QualityCase(type: "question", question: "Which battle ended the Second Punic War?", answer: "Zama"),
            QualityCase(type: "question", question: "What does HTTP status code 404 mean?", answer: "Not Found"),
            QualityCase(
                type: "question", question: "What does HTTP status code 500 mean?", answer: "Internal Server Error"),
        ])
        #expect(report.cards.count == 4)
        #expect(report.quality.isEmpty)
    }

    @Test func keptCardsCarryEveryFlagInRuleOrder() throws {
        let report = sanitize([
            QualityCase(
                type: "question", question: "According to the text, what are the noble gases?",
                answer: "Helium, neon, argon, krypton and xenon.")
        ])
        let card = try #require(report.cards.first)
        #expect(card.flags == ["not-self-contained", "long-list"])
        // Without cloze cards (the default), a long list can only be flagged.
        #expect(report.quality == [.notSelfContained: QualityTally(kept: 1), .longList: QualityTally(kept: 1)])
        #expect(card.kind == .question)
    }

    @Test func aQuestionEndingOnAPointerToWhatItNeverShowsIsNotSelfContained() throws {
        let report = sanitize([
            QualityCase(type: "question", question: "What does this mean?", answer: "Social justice"),
            QualityCase(type: "question", question: "Which emperor said that?", answer: "Augustus"),
            QualityCase(type: "question", question: "What do you call a verb like this one?", answer: "Irregular"),
            QualityCase(type: "question", question: "What does 'hablar' mean?", answer: "To speak"),
            QualityCase(
                type: "question", question: "Which year did this empire fall: the Western Roman?", answer: "476"),
        ])
        #expect(report.cards.map(\.flags) == [["not-self-contained"], ["not-self-contained"], [], [], []])
        #expect(report.quality == [.notSelfContained: QualityTally(kept: 2)])
    }

    @Test func rulesAreDataACallerCanChange() throws {
        let card = QualityCase(type: "question", question: "Tell me about Rome.", answer: "A city in Italy.")
        #expect(sanitize([card]).cards.first?.flags == ["vague-prompt"])

        var rules = QualityRules.standard
        rules.actions[.vaguePrompt] = .dropped
        #expect(sanitize([card], rules: rules).qualityDropped.map(\.rule) == [.vaguePrompt])

        rules.actions[.vaguePrompt] = nil
        #expect(sanitize([card], rules: rules).cards.first?.flags == [])
        #expect(sanitize([card], rules: .off).quality.isEmpty)
    }

    @Test func answerLengthIsCountedInWords() {
        var rules = QualityRules.standard
        rules.answerMaxWords = 3
        let short = QualityCase(type: "question", question: "Who founded Rome?", answer: "Romulus, by legend.")
        let long = QualityCase(
            type: "question", question: "Who crossed the Alps?", answer: "Hannibal with his army and elephants.")
        let report = sanitize([short, long], rules: rules)
        #expect(report.cards.map(\.flags) == [[], ["answer-too-long"]])
    }

    @Test func trueFalseCardsAreNotYesNoQuestions() {
        let card = QualityCase(type: "truefalse", question: "Is Rome in Italy?", answer: "True")
        #expect(sanitize([card]).cards.first?.flags == [])
    }

    @Test func theReportRoundTripsWithItsQualityCounts() throws {
        let report = sanitize([
            QualityCase(type: "question", question: "Describe Rome.", answer: "A city."),
            QualityCase(type: "question", question: "Which city, Rome, is the capital of Italy?", answer: "Rome"),
        ])
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(SanitizerReport.self, from: data) == report)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"vague-prompt\""))
        #expect(text.contains("\"qualityDropped\""))
    }
}

/// Edge cases of the word reading the rules share.
struct QualityEdgeCaseTests {
    @Test func aClozeDeletionIsNoLeakedAnswer() {
        let reply = #"[{"question": "{{c1::Augustus}} was the first emperor.", "answer": "Augustus", "type": "cloze"}]"#
        #expect(Sanitizer().sanitize(reply).cards.first?.flags == [])
    }

    @Test func mathsSymbolsKeepQuestionsApart() {
        let reply = #"[{"question": "What is 2+2?", "answer": "4"}, {"question": "What is 2×2?", "answer": "4"}]"#
        let report = Sanitizer().sanitize(reply, existingKeys: [DedupKey.make("What is 2-2?")])
        #expect(report.cards.count == 2)
        #expect(report.quality.isEmpty)
    }

    @Test func questionsWithDifferentNumbersAreNoNearDuplicates() {
        let reply = """
            [{"question": "Batch 1 question 2?", "answer": "One"}, {"question": "Batch 2 question 1?", "answer": "Two"},
             {"question": "Who ruled Rome in AD 69?", "answer": "Four emperors"}]
            """
        let report = Sanitizer().sanitize(reply, existingKeys: [DedupKey.make("Who ruled Rome in AD 79?")])
        #expect(report.cards.count == 3)
        #expect(report.quality.isEmpty)
    }
}
