import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird

/// Study sessions: start, read (with the next card), answer, skip, end. A session belongs to the token's learner;
/// another learner's session id is 404, as if it did not exist.
///
/// - spaced: due cards first, then new; every answer (`rating`) is a review.
/// - free: any cards, shuffled; answers change no learning state.
/// - quiz: typed answers (`answer`) graded; no learning state changes.
enum SessionRoutes {
    /// `GET /v1/sessions` lists at most this many unfinished sessions.
    static let unfinishedListed = 5

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let maxBody = environment.settings.maxBodyBytes
        let service = environment.study
        return [
            Route(.post, "/v1/sessions", .learner) { request, context in
                let identity = try context.requireLearner()
                let userID = identity.userID
                let body = try await JSONBody.read(
                    request, allowed: ["topicIds", "limit", "mode", "includeFallback"], maxBytes: maxBody)
                let topicIDs = try body.ids("topicIds", atMost: 100, noun: "topic")
                for id in topicIDs { _ = try await Topics.policy(on: environment.store, topicID: id) }
                let limit = Int(try body.integer("limit", in: 1...100) ?? 10)
                let mode = try mode(body.members["mode"])
                let includeFallback = try body.boolean("includeFallback") ?? false
                let day = try await environment.day(of: identity)
                let session = try await environment.random.withGeneratorAsync { generator in
                    try await service.start(
                        userID: userID, topicIDs: topicIDs, limit: limit, mode: mode, day: day,
                        includeFallback: includeFallback, using: &generator)
                }
                var json = try await SessionJSON.make(session, service)
                // An empty session is a dead end unless the learner learns why: the topics hold only templated
                // fallback cards, which `includeFallback` would bring in.
                if session.queue.isEmpty, !includeFallback {
                    let leftOut = try await service.fallbackCardsLeftOut(userID: userID, topicIDs: topicIDs, day: day)
                    json.fallbackCards = leftOut > 0 ? leftOut : nil
                }
                return try JSONResponse.make(json, status: .created)
            },
            Route(.get, "/v1/sessions", .learner) { _, context in
                // The sessions a reload or another device can resume: not ended, cards left; newest first.
                let sessions = try await Sessions.unfinished(
                    on: environment.store, userID: context.requireLearner().userID, limit: unfinishedListed)
                var listed: [SessionJSON] = []
                for session in sessions {
                    do {
                        listed.append(try await SessionJSON.make(session, service))
                    } catch StoreError.cardNotFound(id: _) {
                        // Its next card was deleted since: nothing to resume on (it can still be ended).
                        continue
                    }
                }
                return try JSONResponse.make(SessionListJSON(sessions: listed))
            },
            Route(.get, "/v1/sessions/{id}", .learner) { request, context in
                let session = try await Sessions.session(
                    on: environment.store,
                    id: request.id(of: "study session", context: context), userID: context.requireLearner().userID)
                return try JSONResponse.make(try await SessionJSON.make(session, service))
            },
            Route(.post, "/v1/sessions/{id}/answer", .learner) { request, context in
                let session = try await service.openSession(
                    id: request.id(of: "study session", context: context), userID: context.requireLearner().userID)
                let body = try await JSONBody.read(request, allowed: ["cardId", "rating", "answer"], maxBytes: maxBody)
                let cardID = try body.requiredInteger("cardId", in: 1...Int64.max)
                if session.mode == .quiz {
                    // A quiz grades the typed answer; a rating sent along is still checked, never silently taken.
                    if body.members["rating"] != nil {
                        _ = try RatingWord.parse(body.members["rating"], field: "rating")
                    }
                    let card = try await Cards.card(on: environment.store, id: cardID)
                    let questions = QuizQuestion.questions(for: card, sessionID: session.id)
                    let verdicts = try QuizAnswerGrading.verdicts(
                        body.members["answer"], questions: questions, fullAnswer: CardFaces(card, seed: 0).answer,
                        grader: QuizGrader())
                    let verdict = QuizQuestion.cardVerdict(verdicts)
                    let moved = try await service.answerQuiz(
                        session, cardID: cardID, verdict: verdict,
                        typed: QuizAnswerGrading.typed(body.members["answer"], questions: questions))
                    var json = try await SessionJSON.make(moved, service)
                    json.verdict = verdict.rawValue
                    json.expected = questions.map(\.expectedText).joined(separator: "; ")
                    return try JSONResponse.make(json)
                }
                let rating = try RatingWord.parse(body.members["rating"], field: "rating")
                // Only a quiz grades a typed answer; one sent along is still checked, never silently taken.
                try QuizAnswerGrading.checkShape(body.members["answer"])
                let answered = try await service.answer(session, cardID: cardID, rating: rating)
                var json = try await SessionJSON.make(answered.session, service)
                json.xpGained = answered.review?.rewards?.xpGained
                return try JSONResponse.make(json)
            },
            Route(.post, "/v1/sessions/{id}/skip", .learner) { request, context in
                let session = try await service.openSession(
                    id: request.id(of: "study session", context: context), userID: context.requireLearner().userID)
                let body = try await JSONBody.read(request, allowed: ["cardId"], maxBytes: maxBody)
                let skipped = try await service.skip(session, cardID: body.requiredInteger("cardId", in: 1...Int64.max))
                return try JSONResponse.make(try await SessionJSON.make(skipped, service))
            },
            Route(.post, "/v1/sessions/{id}/end", .learner) { request, context in
                let session = try await Sessions.session(
                    on: environment.store,
                    id: request.id(of: "study session", context: context), userID: context.requireLearner().userID)
                let finished = try await service.finish(session)
                var json = try await SessionJSON.make(finished.session, service)
                json.xpGained = finished.rewards?.xpGained ?? 0
                return try JSONResponse.make(json)
            },
        ]
    }

    private static func mode(_ value: JSONValue?) throws -> SessionMode {
        switch value {
        case nil: return .spaced
        case .string(let text)?:
            if let mode = SessionMode(rawValue: text) { return mode }
        default: break
        }
        throw Problem.badRequest("\"mode\" must be spaced, free or quiz", field: "mode")
    }
}

/// A session as the API shows it: where it stands, its counts and the next card.
/// `GET /v1/sessions`: the learner's unfinished sessions, newest first.
struct SessionListJSON: Encodable {
    var sessions: [SessionJSON]
}

struct SessionJSON: Encodable {
    var id: Int64
    var mode: String
    var topicIds: [Int64]
    /// Answers given (entries of the queue answered).
    var position: Int
    /// Entries in the queue: the session's cards plus the times a card came back.
    var total: Int
    /// The session's cards, each counted once.
    var cards: Int
    /// The cards still to pass (`total - position`): a card that came back counts until passed.
    var remaining: Int
    /// Whether the next card was asked before in this session and came back (not passed yet).
    var nextIsRepeat: Bool
    var startedAt: Date
    var endedAt: Date?
    var answered: Int
    /// Right answers; in a quiz, the ``overridden`` ones included.
    var correct: Int
    var failed: Int
    /// Quiz sessions: answers the learner claimed right over the grader's "wrong" (counted in `correct`).
    var overridden: Int?
    var next: CardJSON?
    /// The next card as study shows it: cloze deletions hidden, mcq options shuffled (the same order every time).
    var shown: CardFaces?
    /// Spaced sessions: in how many seconds the next card comes back after each rating, were it answered now (the
    /// scheduler code that records the review), for the answer buttons.
    var intervals: IntervalsJSON?
    /// Quiz sessions: what is asked about the next card, one answer each (a cloze card: one per deletion number).
    var questions: [QuizQuestionJSON]?
    /// Quiz answers: `correct`, `wrong` or `empty`, and the expected answer.
    var verdict: String?
    var expected: String?
    /// What the answer (or the whole session, at its end) earned.
    var xpGained: Int?
    /// `POST …/undo`: the answer taken back.
    var undone: UndoneJSON?
    /// `POST …/override`: the answer claimed right.
    var override: OverrideJSON?
    /// `POST …/bury`: when the buried card comes back (the start of the learner's next local day).
    var buriedUntil: Date?
    /// `POST …/bury`: the cloze siblings buried with the card, ascending (empty for any other card).
    var buriedSiblings: [Int64]?
    /// `POST /v1/sessions` that found nothing to study: the templated fallback cards of these topics that
    /// `includeFallback: true` would study.
    var fallbackCards: Int?

    static func make(_ session: StudySessionRecord, _ service: StudyService) async throws -> SessionJSON {
        // The next card with its picture, in one read: Learn shows the picture on the card's faces.
        let shown = session.isEnded ? nil : try await service.nextCardAndImage(of: session)
        let next = shown?.card
        var intervals: IntervalsJSON?
        if session.mode == .spaced, let next {
            intervals = IntervalsJSON(try await service.recorder.nextIntervals(userID: session.userID, cardID: next.id))
        }
        var json = SessionJSON(
            id: session.id, mode: session.mode.rawValue, topicIds: session.topicIDs, position: session.position,
            total: session.queue.count, cards: session.cardCount, remaining: session.remaining,
            nextIsRepeat: session.nextIsRepeat && !session.isEnded, startedAt: session.startedAt,
            endedAt: session.endedAt,
            answered: session.counts.cards, correct: session.counts.correct, failed: session.counts.failed,
            overridden: session.mode == .quiz ? session.counts.overridden : nil,
            next: shown.map { CardJSON.study($0.card, image: $0.image) },
            shown: next.map {
                CardFaces($0, seed: CardFaces.seed(sessionID: session.id, cardID: $0.id))
            },
            questions: session.mode == .quiz
                ? next.map { QuizQuestion.questions(for: $0, sessionID: session.id).map(QuizQuestionJSON.init) } : nil)
        json.intervals = intervals
        return json
    }
}

extension RandomSource {
    /// `body` with a generator drawn from this source: a fresh seed per call, so no lock is held across `await`.
    func withGeneratorAsync<T>(_ body: (inout SplitMix64) async throws -> T) async rethrows -> T {
        var generator = SplitMix64(seed: withGenerator { $0.next() })
        return try await body(&generator)
    }
}

/// Seconds until a card comes back after each rating (whole seconds, never negative).
struct IntervalsJSON: Encodable, Equatable {
    var again: Int64
    var hard: Int64
    var good: Int64
    var easy: Int64

    init(_ intervals: [Rating: TimeInterval]) {
        func seconds(_ rating: Rating) -> Int64 {
            Int64(max(0, intervals[rating] ?? 0).rounded())
        }
        again = seconds(.fail)
        hard = seconds(.difficult)
        good = seconds(.good)
        easy = seconds(.easy)
    }
}
