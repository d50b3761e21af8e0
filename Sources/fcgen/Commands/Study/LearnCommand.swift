import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen learn`: an interactive study session in the terminal.
struct LearnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Study cards interactively: question, answer, explanation, then rate 1–4.",
        discussion: """
            Without --topic, choose topics from a numbered list (with due and new counts). For each card: the \
            question; any key shows the answer; any key shows the explanation; 1 again, 2 hard, 3 good, 4 easy \
            (or a/h/g/e) rate it. At the question: s skips the card (it comes back after the others), b buries it \
            until tomorrow, u undoes the last answer (its review and XP), q quits. Due cards come first (weakest \
            first), then new ones. At the end: a summary, then "learn again".

            When stdin is not a terminal, each key is one line, so sessions can be scripted:
              printf '1\\n\\n\\n3\\nn\\n' | fcgen learn --cards 10
            With --json the conversation goes to stderr and stdout gets one document: every session's summary \
            and rewards.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption

    @Option(help: ArgumentHelp("A topic to study (repeatable; default: choose from a list).", valueName: "name"))
    var topic: [String] = []

    @OptionGroup var size: SessionSizeOptions
    @OptionGroup var fallback: FallbackOption

    /// What `learn --json` prints: each session of the run (one per "learn again").
    struct Output: Encodable {
        struct Round: Encodable {
            var session: SessionView
            var rewards: RewardsJSON?
        }

        var user: String
        var sessions: [Round]
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            if global.json { Screen.divertToStandardError() }
            let input = KeyInput()
            var rng = size.makeGenerator()
            var rounds: [Output.Round] = []
            var includeFallback = fallback.includeFallback
            studying: while true {
                let topicIDs: [Int64]
                if topic.isEmpty {
                    guard let chosen = try await chooseTopics(context, input: input) else { break studying }
                    topicIDs = chosen
                } else {
                    topicIDs = try await context.topics(topic, global: global).map(\.id)
                }
                let session = try await context.service.start(
                    userID: context.user.id, topicIDs: topicIDs, limit: size.cards, mode: size.free ? .free : .spaced,
                    day: context.day, stored: !size.free, includeFallback: includeFallback, using: &rng)
                guard !session.queue.isEmpty else {
                    let fallbackCards =
                        includeFallback
                        ? 0
                        : try await context.service.fallbackCardsLeftOut(
                            userID: context.user.id, topicIDs: topicIDs, day: context.day)
                    guard fallbackCards > 0 else {
                        Screen.show("Nothing to study here: no due or new cards.")
                        break studying
                    }
                    // A dead end otherwise: the topic holds only cards made when no model reply could be used.
                    Screen.show(
                        "Nothing to study here but \(Plural.count(fallbackCards, "templated fallback card")) (made when "
                            + "no model reply could be used; left out unless --include-fallback). Study them anyway? (y/n)"
                    )
                    guard input.key() == "y" else { break studying }
                    includeFallback = true
                    continue studying
                }
                let (finished, rewards) = try await study(session, context: context, input: input)
                rounds.append(Output.Round(session: SessionView(finished), rewards: rewards.map(RewardsJSON.init)))
                Screen.show("\nSession summary: \(SessionView(finished).summaryLine)")
                if let rewards { Screen.show(RewardsText.lines(rewards).joined(separator: "\n")) }
                Screen.show("Learn again? (y/n)")
                guard input.key() == "y" else { break studying }
            }
            if global.json { try Console.json(Output(user: context.user.name, sessions: rounds)) }
        }
    }

    /// The numbered topic list; returns the chosen topic ids, `nil` to quit.
    private func chooseTopics(_ context: StudyContext, input: KeyInput) async throws -> [Int64]? {
        let until = context.day.endOfDay(containing: CommandIO.currentDate)
        let summaries = try await StudyReads.topicSummaries(
            on: context.store, userID: context.user.id, until: until, includeFallback: fallback.includeFallback)
        guard !summaries.isEmpty else {
            Screen.show("No topics yet. Try: fcgen --topic \"Roman history\" --batches 3 --offline")
            return nil
        }
        Screen.show("Topics:")
        for (index, summary) in summaries.enumerated() {
            Screen.show("  \(index + 1). \(summary.name) — \(summary.dueCount) due, \(summary.newCount) new")
        }
        while true {
            Screen.show("Choose topics (numbers separated by spaces or commas, a for all, q to quit):")
            guard let line = input.line()?.trimmingCharacters(in: .whitespaces), line != "q" else { return nil }
            if line == "a" { return summaries.map(\.topicID) }
            let numbers = line.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Int($0) }
            let chosen = numbers.filter { (1...summaries.count).contains($0) }.map { summaries[$0 - 1].topicID }
            if !chosen.isEmpty { return chosen }
        }
    }

    /// Shows each card and records its rating; returns the ended session.
    private func study(
        _ start: StudySessionRecord, context: StudyContext, input: KeyInput
    ) async throws -> (session: StudySessionRecord, rewards: Rewards?) {
        var session = start
        while let card = try await context.service.nextCard(of: session) {
            let shownAt = CommandIO.currentDate
            let faces = CardFaces(card, seed: CardFaces.seed(sessionID: session.id, cardID: card.id))
            // Progress in cards passed, not answers given: a card that came back (not passed yet) says so.
            let passed = session.cardCount - session.remaining
            let again = session.nextIsRepeat ? " again" : ""
            Screen.show(
                "\n[\(passed + 1)/\(session.cardCount)\(again)] " + faces.questionLines.joined(separator: "\n"))
            let stored = session.id != 0
            Screen.show(
                stored
                    ? "(any key: answer, s: skip, b: bury, u: undo last, q: quit)"
                    : "(any key: answer, s: skip, q: quit)")
            guard let first = input.key(), first != "q" else { break }
            switch first {
            case "s":
                session = try await context.service.skip(session, cardID: card.id)
                continue
            case "b" where stored:
                let burial = try await context.service.bury(
                    cardIDs: [card.id], userID: session.userID, day: context.day)
                let siblings = burial.siblingIDs.count
                Screen.show(
                    "buried until tomorrow"
                        + (siblings > 0 ? ", with its \(siblings) \(Plural.noun(siblings, "cloze sibling"))" : ""))
                session = try await Sessions.session(on: context.store, id: session.id, userID: session.userID)
                continue
            case "u" where stored:
                do {
                    let undone = try await context.service.undo(session)
                    session = undone.session
                    Screen.show("undid the answer to card \(undone.cardID)")
                } catch let error as StoreError {
                    Screen.show("cannot undo: \(error)")
                }
                continue
            default: break
            }
            Screen.show(faces.answerLines.joined(separator: "\n"))
            var key: String?
            if let explanation = card.explanation, !explanation.isEmpty {
                Screen.show("(any key: explanation, or rate: 1 again  2 hard  3 good  4 easy)")
                key = input.key()
                if let pressed = key, Rating(word: pressed) == nil, pressed != "q" {
                    Screen.show("  \(explanation)")
                    key = nil
                }
            }
            var rating = key.flatMap { Rating(word: $0) }
            while rating == nil {
                if key == "q" { break }
                Screen.show("Rate: 1 again  2 hard  3 good  4 easy (a/h/g/e)")
                guard let pressed = input.key() else { break }
                key = pressed
                rating = Rating(word: pressed)
            }
            guard let rating else { break }
            let duration = Int(CommandIO.currentDate.timeIntervalSince(shownAt) * 1000)
            session = try await context.service.answer(
                session, cardID: card.id, rating: rating, durationMilliseconds: duration
            ).session
        }
        return try await context.service.finish(session)
    }
}
