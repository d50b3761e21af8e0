package import FCStore

/// How a session moves, stored or in memory: which card may be answered, skipped or buried next, how an answer is
/// counted and where a card that was not passed comes back. The rules of the session use cases (``SessionSteps``,
/// `StudyService`); the store keeps the record's rows only.
extension StudySessionRecord {
    /// How many other cards a card that comes back waits behind, when there are that many (Anki's learn-ahead
    /// shows a failed card again after a few others; with none left it is asked again at once).
    package static let comeBackAfter = 3

    /// Counts `answer` for `cardID` and moves on to the next card.
    ///
    /// - Parameter comesBack: The card was not passed (still on its scheduler's short steps, or failed in free
    ///   practice): it is put back into the queue after ``comeBackAfter`` more cards, or at its end when fewer are
    ///   left.
    /// - Throws: ``FCStore/StoreError/sessionEnded(id:)`` when the session has ended;
    ///   ``FCStore/StoreError/sessionConflict(id:problem:)`` when its queue is done or `cardID` is not the card it
    ///   expects next.
    package mutating func advance(cardID: Int64, answer: SessionAnswer, comesBack: Bool = false) throws(StoreError) {
        try expectNext(cardID)
        position += 1
        if comesBack { queue.insert(cardID, at: min(position + Self.comeBackAfter, queue.count)) }
        counts.cards += 1
        if answer.isCorrect {
            counts.correct += 1
        } else if answer.isEmpty {
            counts.empty += 1
        } else {
            counts.failed += 1
        }
        counts.ratingSum += answer.rating
    }

    /// Takes `cardIDs` out of the part of the queue still to come (a card deleted, buried or suspended is not asked
    /// in this session); the cards already answered stay as they were. Whether any card was taken out.
    package mutating func withdraw(_ cardIDs: Set<Int64>) -> Bool {
        let upcoming = queue[position...]
        guard upcoming.contains(where: cardIDs.contains) else { return false }
        queue = Array(queue[..<position]) + upcoming.filter { !cardIDs.contains($0) }
        return true
    }

    /// Checks that the session is open and `cardID` is the card it shows next (what answering, skipping and
    /// burying a card in the session need).
    ///
    /// - Throws: ``FCStore/StoreError/sessionEnded(id:)``, ``FCStore/StoreError/sessionConflict(id:problem:)``.
    package func expectNext(_ cardID: Int64) throws(StoreError) {
        guard !isEnded else { throw StoreError.sessionEnded(id: id) }
        guard let expected = nextCardID else {
            throw StoreError.sessionConflict(id: id, problem: "every card of its queue was answered")
        }
        guard expected == cardID else {
            throw StoreError.sessionConflict(id: id, problem: "the next card is \(expected), not \(cardID)")
        }
    }
}

extension SessionCounts {
    /// Counts a wrong answer right on the learner's word (``overridden``).
    package mutating func countOverride() {
        correct += 1
        failed = max(0, failed - 1)
        overridden += 1
    }
}
