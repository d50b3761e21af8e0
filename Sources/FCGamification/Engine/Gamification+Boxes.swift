extension Gamification {
    /// Counts a finished session once and earns its boxes; returns the session when it was new (for achievements).
    func recordSession(
        _ session: SessionSummary, in step: inout Step, using generator: inout some RandomNumberGenerator
    ) -> SessionSummary? {
        // Sessions too short to earn boxes do not count as finished sessions either.
        guard session.cardsReviewed >= max(1, rules.boxes.minimumSessionCards),
            step.state.today?.sessionIDs.insert(session.sessionID).inserted == true
        else { return nil }
        let count = rules.boxes.boxCount(for: session)
        step.state.lifetime.sessionsFinished += 1
        for topicID in session.topicIDs { step.explore(topicID) }
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
