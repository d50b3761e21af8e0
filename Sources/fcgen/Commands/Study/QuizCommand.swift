import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen quiz --topic T`: a typed-answer test over the shuffled deck.
struct QuizCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Test yourself with typed answers over a topic's shuffled deck.",
        discussion: """
            Type each answer and press Enter (an empty line leaves it empty). Answers match ignoring case, \
            surrounding spaces and (unless --exact-accents) accents. At the end: how many were wrong and empty, \
            and each of them with your answer and the correct one. A quiz changes no learning state. A \
            multiple-choice card lists its options shuffled as A), B), …: type the letter or the option. A cloze \
            card is asked once per deletion number, [...] marking what to type (several: separate them with \
            commas); it is right when every number is. Cloze and multiple-choice cards are asked forwards.

            After a wrong answer, r (I was right) counts it right on your word and any other key goes on: the \
            answer keeps the grader's verdict, is shown as overridden, and earns a right answer's card XP but \
            nothing toward accuracy or speed. Offered when stdin is a terminal; a script (one line per question) \
            turns it on with --offer-override, and then answers each offer with a line of its own.
              fcgen quiz --topic "Roman history" --reverse
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The topic to test.", valueName: "name"))
    var topic: String

    @Flag(help: "Show the answer and ask for the question.")
    var reverse = false

    @Flag(help: "Count accents: \"cafe\" does not match \"café\".")
    var exactAccents = false

    @Option(help: ArgumentHelp("At most this many cards (default: the whole deck).", valueName: "n"))
    var cards: Int?

    @Option(help: ArgumentHelp("Seed for the shuffle (default: random).", valueName: "n"))
    var seed: UInt64?

    @OptionGroup var fallback: FallbackOption

    @Flag(
        inversion: .prefixedNo,
        help: "After a wrong answer, offer r: I was right (default: only when stdin is a terminal).")
    var offerOverride: Bool?

    struct Miss: Encodable {
        var cardId: Int64
        var prompt: String
        var given: String
        var correct: String
        var verdict: QuizVerdict
        /// An mcq card's options in the order offered (`correct` is the right one's text).
        var options: [String]?
        /// The cloze deletion number asked.
        var clozeNumber: Int?
        /// The learner claimed the card's answer right ("I was right"): the quiz counts it right.
        var overridden = false

        init(card: Card, question: QuizQuestion, typed: String, _ verdict: QuizVerdict) {
            cardId = card.id
            prompt = question.prompt
            given = typed.trimmingCharacters(in: .whitespaces)
            correct = question.expectedText
            self.verdict = verdict
            options = question.options
            clozeNumber = question.clozeNumber
        }
    }

    /// The question as shown: an mcq card's options below it, labelled A), B), ….
    static func text(of question: QuizQuestion) -> String {
        guard let options = question.options else { return question.prompt }
        let lines = options.enumerated().map { "  \(QuizQuestion.label($0.offset))) \($0.element)" }
        return ([question.prompt] + lines).joined(separator: "\n")
    }

    /// The right answer as shown after a miss: an mcq card's correct option with its letter.
    static func correct(_ question: QuizQuestion) -> String {
        guard let index = question.correctOption else { return question.expectedText }
        return "\(QuizQuestion.label(index))) \(question.expectedText)"
    }

    struct Output: Encodable {
        var session: SessionView
        var right: Int
        var wrong: Int
        var empty: Int
        /// Answers claimed right on the learner's word (counted in ``right``, still listed in ``misses``).
        var overridden: Int
        var misses: [Miss]
        /// What the quiz earned.
        var rewards: RewardsJSON?
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let found = try await global.requireTopic(topic, in: context.store)
            // With --json stdout carries the one document; the questions still reach the terminal on stderr.
            if global.json { Screen.divertToStandardError() }
            var rng = SplitMix64(seed: seed ?? UInt64.random(in: 0...UInt64.max))
            var session = try await context.service.start(
                userID: context.user.id, topicIDs: [found.id], limit: max(1, cards ?? Int.max), mode: .quiz,
                day: context.day, includeFallback: fallback.includeFallback, using: &rng)
            let grader = QuizGrader(ignoresAccents: !exactAccents)
            let input = KeyInput()
            let offersOverride = offerOverride ?? input.isTerminal
            var misses: [Miss] = []
            while let card = try await context.service.nextCard(of: session) {
                let questions = QuizQuestion.questions(
                    for: card, reverse: reverse, random: RandomSource(seed: rng.next()))
                var verdicts: [QuizVerdict] = []
                var answers: [String] = []
                let firstMiss = misses.count
                for question in questions {
                    Screen.show("\n[\(session.position + 1)/\(session.queue.count)] \(Self.text(of: question))")
                    let typed = CommandIO.readLine() ?? ""
                    let verdict = grader.grade(typed, question: question)
                    verdicts.append(verdict)
                    answers.append(typed.trimmingCharacters(in: .whitespaces))
                    if verdict != .correct {
                        misses.append(Miss(card: card, question: question, typed: typed, verdict))
                    }
                    Screen.show(verdict == .correct ? "✓ right" : "✗ \(Self.correct(question))")
                }
                let verdict = QuizQuestion.cardVerdict(verdicts)
                session = try await context.service.answerQuiz(
                    session, cardID: card.id, verdict: verdict, typed: answers.joined(separator: "; "))
                guard verdict == .wrong, offersOverride else { continue }
                Screen.show("  r: I was right · any other key: go on")
                guard input.key() == "r" else { continue }
                let overridden = try await context.service.overrideQuizAnswer(
                    session, position: session.position - 1, cardID: card.id)
                session = overridden.session
                for index in misses.indices where index >= firstMiss { misses[index].overridden = true }
                Screen.show(
                    "✓ counted right on your word"
                        + (overridden.xpGained > 0 ? " (+\(overridden.xpGained) XP)" : ""))
            }
            let (ended, rewards) = try await context.service.finish(session)
            session = ended
            let output = Output(
                session: SessionView(session), right: session.counts.correct, wrong: session.counts.failed,
                empty: session.counts.empty, overridden: session.counts.overridden, misses: misses,
                rewards: rewards.map(RewardsJSON.init))
            if global.json {
                try Console.json(output)
                return
            }
            Screen.show("\nQuiz: " + SessionView(session).summaryLine)
            for miss in misses {
                let given = miss.verdict == .empty ? "(empty)" : "\"\(miss.given)\""
                let claim = miss.overridden ? " — counted right on your word" : ""
                Screen.show("- \(miss.prompt)\n    yours: \(given)\(claim)\n    correct: \"\(miss.correct)\"")
            }
            if let rewards { Screen.show(RewardsText.lines(rewards).joined(separator: "\n")) }
        }
    }
}
