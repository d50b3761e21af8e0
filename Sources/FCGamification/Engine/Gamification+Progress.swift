extension Gamification {
    /// Brings today's challenges up to date with today's distinct counts and pays each one once, on completion.
    func advanceChallenges(in step: inout Step) {
        guard var today = step.state.today else { return }
        var completed: [DailyChallenge] = []
        for index in today.challenges.indices where !today.challenges[index].isCompleted {
            let count =
                switch today.challenges[index].kind {
                case .cardMaster: today.cardsCounted
                case .perfectScore: today.perfectCardIDs.count
                case .topicExplorer: today.topicIDs.count
                }
            today.challenges[index].progress = min(count, today.challenges[index].target)
            if count >= today.challenges[index].target {
                today.challenges[index].completedAt = step.time
                completed.append(today.challenges[index])
            }
        }
        step.state.today = today
        for challenge in completed { step.pay(.challengeCompleted(challenge), xp: challenge.xp) }
    }

    /// Unlocks, once and with the event's time, every achievement whose rule now holds.
    func unlockAchievements(in step: inout Step, newSession: SessionSummary?) {
        for achievement in rules.achievements where step.state.achievements[achievement.id] == nil {
            guard achievement.rule.isSatisfied(by: step.state, newSession: newSession) else { continue }
            step.state.achievements[achievement.id] = step.time
            step.state.today?.achievementsUnlocked += 1
            step.pay(.achievementUnlocked(achievement.id), xp: achievement.xp)
        }
    }
}
