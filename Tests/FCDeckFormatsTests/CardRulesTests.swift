import FCCore
import FCDeckFormats
import Testing

struct CardRulesTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        var label: String
        var content: CardContent
        var reversed = false
        var message: String
        var testDescription: String { label }
    }

    static let refusals: [Refusal] = [
        Refusal(
            label: "nothing at all", content: CardContent(question: "", answer: "", explanation: nil, hasImage: false),
            message: "a card needs a question or an image (--question, --question-file or --image)"),
        Refusal(
            label: "answer alone", content: CardContent(question: " ", answer: "4", explanation: nil, hasImage: false),
            message:
                "a card needs a question or an image: an answer and/or explanation alone is not a card (add --question or --image)"
        ),
        Refusal(
            label: "explanation alone",
            content: CardContent(question: "", answer: "", explanation: "why", hasImage: false),
            message:
                "a card needs a question or an image: an answer and/or explanation alone is not a card (add --question or --image)"
        ),
        Refusal(
            label: "no answer", content: CardContent(question: "Q?", answer: "\n", explanation: "E", hasImage: false),
            message: "a card needs an answer (--answer or --answer-file)"),
        Refusal(
            label: "image kind without image",
            content: CardContent(kind: .image, question: "Q?", answer: "A", explanation: nil, hasImage: false),
            message: "--kind image needs a picture: add --image FILE"),
        Refusal(
            label: "image-only of the wrong kind",
            content: CardContent(kind: .truefalse, question: "", answer: "A", explanation: nil, hasImage: true),
            message: "a card without a question shows only its image: use --kind image or add --question"),
        Refusal(
            label: "reversed image-only",
            content: CardContent(question: "", answer: "France", explanation: nil, hasImage: true), reversed: true,
            message: "--reverse needs a question: the twin card asks for it, and an image-only card has none"),
        Refusal(
            label: "reversed true/false",
            content: CardContent(
                kind: .truefalse, question: "Rome fell in 476?", answer: "true", explanation: nil, hasImage: false),
            reversed: true, message: "--reverse does not fit --kind truefalse: its answer is not something to ask about"
        ),
        Refusal(
            label: "question too long",
            content: CardContent(
                question: String(repeating: "q", count: 501), answer: "A", explanation: nil, hasImage: false),
            message: "the question is too long (501 characters; at most 500)"),
    ]

    @Test(arguments: refusals)
    func refusesWithAClearMessage(_ refusal: Refusal) {
        #expect(throws: DeckFormatError.cardRule(refusal.message)) {
            try CardRules.check(refusal.content, reversed: refusal.reversed)
        }
    }

    @Test func acceptsTheAllowedCombinationsAndTrims() throws {
        let text = try CardRules.check(
            CardContent(question: "  Solve $x^2 = 4$\n", answer: "$x = \\pm 2$", explanation: " ", hasImage: false),
            reversed: true)
        #expect(text.question == "Solve $x^2 = 4$")
        #expect(text.explanation == nil)
        let imageOnly = try CardRules.check(
            CardContent(question: "", answer: "France", explanation: "Blue, white, red", hasImage: true))
        #expect(imageOnly.kind == .image)
        let both = try CardRules.check(
            CardContent(question: "Which flag?", answer: "France", explanation: "Tricolore", hasImage: true))
        #expect(both.kind == .question)
        #expect(both.twin.question == "France" && both.twin.answer == "Which flag?" && !both.twin.hasImage)
    }

    @Test func lengthLimitsAreTheSharedCardLimits() throws {
        // The sanitizer reads the same table (SanitizerOptions().limits), so generated and hand-made cards agree.
        #expect(CardRules.limits == CardLimits.standard)
        let limit = CardLimits.standard.explanationMax
        let longest = String(repeating: "e", count: limit)
        let card = try CardRules.check(CardContent(question: "Q?", answer: "A", explanation: longest, hasImage: false))
        #expect(card.explanation?.count == limit)
        #expect(
            throws: DeckFormatError.cardRule("the explanation is too long (\(limit + 1) characters; at most \(limit))")
        ) {
            try CardRules.check(CardContent(question: "Q?", answer: "A", explanation: longest + "e", hasImage: false))
        }
    }
}
