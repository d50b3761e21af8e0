extension Gamification {
    /// Counts a finished session once and earns its boxes, up to the day's cap; returns the session when it counts
    /// (for the session achievements).
    ///
    /// A session that does not count (``SessionRules``: abandoned, too short, too few right answers) changes
    /// nothing: no boxes, no finished session, no topics, no achievements. Its answers were paid one by one.
    func recordSession(
        _ session: SessionSummary, in step: inout Step, using generator: inout some RandomNumberGenerator
    ) -> SessionSummary? {
        guard rules.sessions.counts(session), step.state.today?.sessionIDs.insert(session.sessionID).inserted == true
        else { return nil }
        let earnedToday = step.state.today?.boxesEarned ?? 0
        let count = max(0, min(rules.boxes.boxCount(for: session), rules.boxes.maximumBoxesPerDay - earnedToday))
        step.state.today?.boxesEarned = earnedToday + count
        step.state.lifetime.sessionsFinished += 1
        for topicID in session.topicIDs { step.study(topicID) }
        for ordinal in stride(from: 1, through: count, by: 1) {
            let box = MysteryBox(
                sessionID: session.sessionID, ordinal: ordinal, rarity: rules.boxes.drawRarity(using: &generator),
                earnedAt: step.time)
            step.state.unopenedBoxes.append(box)
            step.announce(.boxEarned(box))
        }
        return session
    }

    /// Opens an unopened box and pays its XP; unknown or already opened boxes pay nothing.
    func openBox(_ boxID: String, in step: inout Step, using generator: inout some RandomNumberGenerator) {
        guard let index = step.state.unopenedBoxes.firstIndex(where: { $0.id == boxID }) else { return }
        let box = step.state.unopenedBoxes.remove(at: index)
        step.state.lifetime.boxesOpened += 1
        step.pay(.boxOpened(box), xp: rules.boxes.drawPayout(for: box.rarity, using: &generator))
    }
}
