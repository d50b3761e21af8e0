public import FCCore
import FCGamification
public import FCStore
package import Foundation

/// Study sessions: building the queue, answering cards, ending with a summary. What `fcgen learn`, the
/// non-interactive `fcgen session …` commands and the apps' Learn view share.
///
/// - **spaced**: due cards (due by the end of the learner's local today, across the chosen topics) first, weakest
///   first, then new cards (``StudyQueue``); every answer is a review recorded by ``ReviewRecorder``. A card the
///   review leaves on its scheduler's short steps (``FCScheduler/CardState/isOnShortStep(answeredAt:)``) comes
///   back later in the session until passed.
/// - **free**: any cards of the chosen topics, shuffled; answers change no learning state; a card rated Again
///   comes back later in the session. With `store: false` the session lives in memory only (its id is 0) and the
///   database is left exactly as it was.
/// - **quiz**: the whole deck shuffled, typed answers graded by ``QuizGrader``; no learning state changes.
///
/// No mode's queue holds a card the learner suspended (until unsuspended) or buried (until the burial ends).
///
/// Templated fallback cards (origin `fallback`, what generation stores when a model's reply held nothing usable)
/// are kept for inspection, not study: no queue of any mode holds them unless the learner asks
/// (`includeFallback`).
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// let service = StudyService(store: store, now: .system)
/// var session = try await service.start(userID: me.id, topicIDs: [rome.id], limit: 10, mode: .spaced,
///                                       day: StudyDay(timeZone: zone), using: &rng)
/// let card = try await service.nextCard(of: session)
/// session = try await service.answer(session, cardID: card!.id, rating: .good).session
/// ```
public struct StudyService: Sendable {
    public let store: Store
    public let now: Now
    public let recorder: ReviewRecorder
    /// Gamification for spaced reviews, quiz answers and session ends; `nil`: none. Free practice never earns.
    public var gamifier: Gamifier? { recorder.gamifier }

    public init(store: Store, now: Now, gamifier: Gamifier? = nil) {
        self.store = store
        self.now = now
        self.recorder = ReviewRecorder(store: store, gamifier: gamifier, now: now)
    }

    /// Starts a session over `topicIDs` with at most `limit` cards.
    ///
    /// - Parameters:
    ///   - stored: Whether to store the session (needed to continue it from another process). Spaced sessions
    ///     are always stored (their reviews point at them).
    ///   - includeFallback: Whether fallback cards may enter the queue (the learner asked for them).
    /// - Returns: The session with its queue; an empty queue when there is nothing to study.
    package func start(
        userID: Int64, topicIDs: [Int64], limit: Int, mode: SessionMode, day: StudyDay, stored: Bool = true,
        includeFallback: Bool = false, using generator: inout some RandomNumberGenerator
    ) async throws -> StudySessionRecord {
        guard limit > 0 else { throw PipelineError.study("a session needs at least one card") }
        let queue: [Int64]
        switch mode {
        case .spaced:
            queue = try await spacedQueue(
                userID: userID, topicIDs: topicIDs, limit: limit, day: day, includeFallback: includeFallback,
                using: &generator)
        case .free, .quiz:
            // Cards the learner suspended or buried stay out of practice too, as they stay out of the spaced queue.
            var ids: [Int64] = []
            for topicID in topicIDs {
                ids += try await StudyReads.practiceCardIDs(
                    on: store, userID: userID, topicID: topicID, includeFallback: includeFallback)
            }
            queue = Array(ids.shuffled(using: &generator).prefix(limit))
        }
        if mode == .spaced || stored {
            return try await Sessions.start(on: store, userID: userID, mode: mode, topicIDs: topicIDs, queue: queue)
        }
        return StudySessionRecord(id: 0, userID: userID, mode: mode, topicIDs: topicIDs, queue: queue, startedAt: now())
    }

    /// How many more cards of `topicIDs` would be due or new today with fallback cards included: what an empty
    /// session tells the learner (`--include-fallback`, the API's `includeFallback`), so a topic of templated
    /// fallback cards alone is no silent dead end. One read transaction, so both counts see the same cards.
    package func fallbackCardsLeftOut(userID: Int64, topicIDs: [Int64], day: StudyDay) async throws -> Int {
        let until = day.endOfDay(containing: now())
        return try await store.read { db in
            var counts: [Int] = []
            for includeFallback in [true, false] {
                let summaries = try await db.topicStudySummaries(
                    userID: userID, until: until, topicIDs: topicIDs, includeFallback: includeFallback)
                counts.append(summaries.reduce(0) { $0 + $1.dueCount + $1.newCount })
            }
            return counts[0] - counts[1]
        }
    }

    /// The spaced queue: due by the end of the learner's today, weakest first, then new cards; fallback cards only
    /// with `includeFallback`.
    public func spacedQueue(
        userID: Int64, topicIDs: [Int64]?, limit: Int, day: StudyDay, includeFallback: Bool = false,
        using generator: inout some RandomNumberGenerator
    ) async throws -> [Int64] {
        let until = day.endOfDay(containing: now())
        let due = try await StudyReads.dueCandidates(
            on: store, userID: userID, topicIDs: topicIDs, until: until,
            limit: max(limit * StudyQueue.candidatesPerCard, 200),
            includeFallback: includeFallback)
        // New cards only fill what due cards leave; skipping the look-up when they fill the session matters for a
        // learner whose every card has a state (the new-card query then has nothing to find but must look).
        let new =
            due.count >= limit
            ? []
            : try await StudyReads.newCardIDs(
                on: store, userID: userID, topicIDs: topicIDs, limit: limit, includeFallback: includeFallback)
        return StudyQueue.order(due: due, new: new, limit: limit, using: &generator)
    }

    /// The card to show next, or `nil` when the session's queue is done.
    ///
    /// - Throws: ``FCStore/StoreError/sessionEnded(id:)`` for an ended session: it has no next card, done or not.
    package func nextCard(of session: StudySessionRecord) async throws -> Card? {
        try await nextCardAndImage(of: session)?.card
    }

    /// The card to show next with its picture (hash, type and size; `nil` for a card without), read in one query,
    /// or `nil` when the session's queue is done: what the API's session shows.
    ///
    /// - Throws: ``FCStore/StoreError/sessionEnded(id:)`` for an ended session.
    package func nextCardAndImage(of session: StudySessionRecord) async throws -> (card: Card, image: CardImageInfo?)? {
        guard !session.isEnded else { throw StoreError.sessionEnded(id: session.id) }
        guard let id = session.nextCardID else { return nil }
        return try await Cards.cardAndImage(on: store, id: id)
    }

    /// Answers the session's current card with a rating (spaced and free sessions).
    ///
    /// - Parameters:
    ///   - time: When the answer was given; `nil`: now, by the clock (never before the card's last review:
    ///     ``ReviewRecorder``).
    /// - Returns: The session moved on, and (spaced) the review.
    /// - Throws: ``FCStore/StoreError/sessionConflict(id:problem:)`` when `cardID` is not the next card.
    package func answer(
        _ session: StudySessionRecord, cardID: Int64, rating: Rating, at time: Date? = nil,
        durationMilliseconds: Int? = nil
    ) async throws -> (session: StudySessionRecord, review: ReviewResult?) {
        switch session.mode {
        case .spaced:
            let review = try await recorder.record(
                userID: session.userID, cardID: cardID, rating: rating, at: time,
                durationMilliseconds: durationMilliseconds, sessionID: session.id)
            return (review.session ?? session, review)
        case .free, .quiz:
            // Free practice asks a failed card again later in the session, with no scheduler to say when it passed:
            // until it is rated anything but Again.
            let answer = SessionAnswer(rating: rating.rawValue)
            let comesBack = session.mode == .free && rating == .fail
            return (try await advance(session, cardID: cardID, answer: answer, comesBack: comesBack), nil)
        }
    }

    /// Answers the session's current card with a typed answer (quizzes); no learning state changes.
    ///
    /// - Parameter reverse: The learner was shown the answer and typed the question.
    package func answerQuiz(
        _ session: StudySessionRecord, cardID: Int64, typed: String, reverse: Bool = false,
        grader: QuizGrader = QuizGrader()
    ) async throws -> (session: StudySessionRecord, verdict: QuizVerdict, card: Card) {
        let card = try await Cards.card(on: store, id: cardID)
        let verdict = grader.grade(typed, expected: reverse ? card.question : card.answer)
        return (try await answerQuiz(session, cardID: cardID, verdict: verdict, typed: typed), verdict, card)
    }

    /// Records the verdict the caller graded (a card asked as several questions: see ``QuizQuestion``), with what
    /// was answered (`typed`: ``FCStore/QuizGrading/typed``), which the session keeps with the verdict.
    package func answerQuiz(
        _ session: StudySessionRecord, cardID: Int64, verdict: QuizVerdict, typed: String = ""
    ) async throws -> StudySessionRecord {
        let answer = SessionAnswer(quiz: QuizGrading(typed: typed, verdict: verdict))
        guard let gamifier, session.id != 0, session.mode == .quiz else {
            return try await advance(session, cardID: cardID, answer: answer)
        }
        let time = now()
        let moved = try await store.write("answer in session") { db in
            try await SessionSteps.answerWithoutReview(
                in: db, sessionID: session.id, userID: session.userID, cardID: cardID, answer: answer
            ) { input in
                // Only a right answer earns; a wrong or empty one is decided by nothing.
                guard verdict == .correct else { return nil }
                return try gamifier.decideQuizAnswer(input, judgement: .graded, at: time)?.write
            }
        }
        return moved.session
    }

    /// The learner's "I was right" for the quiz answer at `position` of a stored session
    /// (``SessionSteps/overrideQuizAnswer(in:sessionID:userID:position:cardID:gamify:)``): counted right, earning
    /// what an overridden answer may (``FCGamification/QuizJudgement/overridden``).
    package func overrideQuizAnswer(
        _ session: StudySessionRecord, position: Int, cardID: Int64
    ) async throws -> OverriddenAnswer {
        let time = now()
        let gamifier = gamifier
        return try await store.write("override quiz answer") { db in
            var gamify: RecordReview.Gamify?
            if let gamifier {
                gamify = { input in try gamifier.decideQuizAnswer(input, judgement: .overridden, at: time)?.write }
            }
            return try await SessionSteps.overrideQuizAnswer(
                in: db, sessionID: session.id, userID: session.userID, position: position, cardID: cardID,
                gamify: gamify)
        }
    }

    /// Ends the session; an in-memory session just gets its end time.
    package func end(_ session: StudySessionRecord) async throws -> StudySessionRecord {
        guard session.id != 0 else {
            var ended = session
            ended.endedAt = ended.endedAt ?? now()
            return ended
        }
        return try await store.write("end session") { db in
            try await SessionSteps.endSession(in: db, id: session.id, userID: session.userID).session
        }
    }

    /// Ends the session and returns what the whole session earned (its answers' awards and its boxes).
    ///
    /// Spaced and quiz sessions earn; free practice earns nothing. Ending an ended session earns nothing new but
    /// still reports the session's rewards.
    package func finish(_ session: StudySessionRecord) async throws -> (session: StudySessionRecord, rewards: Rewards?)
    {
        guard let gamifier, session.id != 0, session.mode != .free else { return (try await end(session), nil) }
        let ended = try await store.write("end session") { db in
            try await SessionSteps.endSession(in: db, id: session.id, userID: session.userID) { input in
                try gamifier.decideSessionEnd(input)?.write
            }
        }
        let rewards = try await GamificationService(store: store, gamifier: gamifier, now: now)
            .sessionRewards(userID: session.userID, sessionID: session.id)
        return (ended.session, rewards)
    }

    private func advance(
        _ session: StudySessionRecord, cardID: Int64, answer: SessionAnswer, comesBack: Bool = false
    ) async throws -> StudySessionRecord {
        guard session.id != 0 else {
            var moved = session
            try moved.advance(cardID: cardID, answer: answer, comesBack: comesBack)
            return moved
        }
        return try await store.write("answer in session") { db in
            try await SessionSteps.answerWithoutReview(
                in: db, sessionID: session.id, userID: session.userID, cardID: cardID, answer: answer,
                comesBack: comesBack
            ).session
        }
    }
}
