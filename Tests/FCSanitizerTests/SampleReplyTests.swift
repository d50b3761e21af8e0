import FCCore
import FCSanitizer
import Testing

/// The sanitizer on real replies of a small model (see `Samples/README.md`).
struct SampleReplyTests {
    let sanitizer = Sanitizer(options: SanitizerOptions(fallbackTopic: "Roman history"))

    @Test(arguments: ["a_plain", "a2_plain_fewshot", "a3_plain_hot", "g_other_model_name", "h_missing_messages"])
    func proseRepliesFallBackToTemplates(_ name: String) throws {
        let reply = try SampleReplies.load(name)
        let report = sanitizer.sanitize(reply.content, truncated: reply.truncated)
        #expect(report.outcome == .fallback)
        #expect(report.cards.count == 5)
        #expect(report.cards.allSatisfy { $0.origin == .fallback && $0.kind == .question })
        #expect(report.dropped.isEmpty)
        #expect(report.repairs.isEmpty)
    }

    @Test func proseReplyWithoutFallbackTopicHasNoCards() throws {
        let report = Sanitizer().sanitize(try SampleReplies.load("a_plain").content)
        #expect(report.outcome == .fallback)
        #expect(report.cards.isEmpty)
    }

    @Test func singleObjectIsOneCard() throws {
        let reply = try SampleReplies.load("b_json_object")
        let report = sanitizer.sanitize(reply.content, truncated: reply.truncated)
        #expect(report.outcome == .strict)
        #expect(report.repairs.isEmpty)
        let card = try #require(report.cards.first)
        #expect(report.cards.count == 1)
        #expect(card.question == "What is the Roman history?")
        #expect(card.kind == .question)  // the reply has no type
        #expect(card.explanation?.hasPrefix("Their rule began with the Romans") == true)
        #expect(card.origin == .generated)
    }

    @Test func wrappedObjectWithRepeatedKeysKeepsTheFirstValues() throws {
        let reply = try SampleReplies.load("b2_json_object_wrapped")
        let report = sanitizer.sanitize(reply.content, truncated: reply.truncated)
        #expect(report.outcome == .strict)
        #expect(report.cards.count == 1)
        let card = try #require(report.cards.first)
        #expect(card.question == "What is the history of Rome?")
        #expect(card.answer == "The Roman Empire has a rich and complex history.")
        #expect(card.kind == .definition)
        // `explanation` appears three times; the first one wins, not the last one as json.loads would keep.
        #expect(
            card.explanation?.hasPrefix("Rome's legacy spans centuries, from ancient times to modern days.") == true)
        #expect(card.explanation?.hasSuffix("lasted for nearly four centuries.") == true)
    }

    @Test func schemaArrayOfFifteenCopiesKeepsOne() throws {
        let reply = try SampleReplies.load("c_schema_array")
        let report = sanitizer.sanitize(reply.content, truncated: reply.truncated)
        // All 15 questions are "What is the Roman Empire?", so one card survives dedup.
        #expect(report.outcome == .strict)
        #expect(report.cards.count == 1)
        #expect(report.dropped == [.duplicateInBatch: 14])
        #expect(report.cards.first?.kind == .definition)
        #expect(report.cards.first?.explanation?.hasPrefix("During the reign of Emperor Augustus") == true)
    }

    @Test func wrappedSchemaArrayKeepsThreeDistinctQuestions() throws {
        let reply = try SampleReplies.load("c2_schema_wrapped")
        let report = sanitizer.sanitize(reply.content, truncated: reply.truncated)
        #expect(report.outcome == .strict)
        #expect(report.repairs.isEmpty)
        #expect(
            report.cards.map(\.question) == [
                "What is the history of Rome?", "Which empire did Rome rule?", "How many years ago?",
            ])
        #expect(
            report.cards.map(\.answer) == ["The Roman Empire has a rich and complex history.", "Ancient Rome", "1850s"])
        #expect(report.cards.map(\.kind) == [.definition, .question, .question])
        #expect(report.dropped == [.duplicateInBatch: 12])
    }

    @Test func truncatedSchemaArrayIsPartial() throws {
        let reply = try SampleReplies.load("f_schema_truncated")
        #expect(reply.truncated)
        let report = sanitizer.sanitize(reply.content, truncated: reply.truncated)
        // Four complete objects (all the same question) and a fifth cut off in its explanation, after a complete
        // question and answer: kept as a card, so it is the fourth duplicate rather than a truncated object.
        #expect(report.outcome == .partial)
        #expect(report.cards.count == 1)
        #expect(report.dropped == [.duplicateInBatch: 4])
        #expect(report.repairs == [.truncation])
        #expect(
            report.cards.first?.answer
                == "The Roman Empire was a vast empire that existed across Europe from 753 BC to 476 AD.")
    }

    @Test func truncatedSampleIsPartialEvenWithoutTheFlag() throws {
        let reply = try SampleReplies.load("f_schema_truncated")
        let report = sanitizer.sanitize(reply.content, truncated: false)
        #expect(report.outcome == .partial)
        #expect(report.repairs == [.truncation])
    }

    @Test func schemaSampleAgainstExistingKeysIsNotFallback() throws {
        let reply = try SampleReplies.load("c2_schema_wrapped")
        let existing: Set<String> = [
            DedupKey.make("What is the history of Rome?"), DedupKey.make("Which empire did Rome rule?"),
            DedupKey.make("How many years ago?"),
        ]
        let report = sanitizer.sanitize(reply.content, existingKeys: existing)
        #expect(report.outcome == .strict)
        #expect(report.cards.isEmpty)
        #expect(report.dropped == [.duplicateInTopic: 15])
    }
}
