import Foundation

/// The state being changed by one event, and the awards paid so far; every payment goes through ``pay(_:xp:)`` so
/// total XP, today's XP and the award list always agree.
struct Step {
    var state: GamificationState
    var awards: [Award] = []
    let time: Date
    let day: LocalDay

    init(state: GamificationState, time: Date, day: LocalDay) {
        self.state = state
        self.time = time
        self.day = day
    }

    /// Records an award and adds its XP to the totals (to today's only when the step is on the state's day: a late
    /// answer's XP is its own day's).
    mutating func pay(_ reason: AwardReason, xp: Int) {
        awards.append(Award(reason: reason, xp: xp, day: day, earnedAt: time))
        state.totalXP = state.totalXP.addingReportingOverflow(xp).overflow ? Int.max : state.totalXP + xp
        if state.today?.day == day { state.today?.xp += xp }
    }

    /// Records an award that pays nothing (a box earned, a level reached).
    mutating func announce(_ reason: AwardReason) {
        awards.append(Award(reason: reason, xp: 0, day: day, earnedAt: time))
    }

    /// Marks a topic as studied (a card reviewed or answered right in it) today and ever.
    mutating func study(_ topicID: Int64) {
        state.today?.topicIDs.insert(topicID)
        state.lifetime.studiedTopicIDs.insert(topicID)
        state.lifetime.exploredTopicIDs.insert(topicID)
    }

    /// Marks a topic as explored (opened or generated), which is not studying it: it counts for
    /// ``AchievementRule/topicsExplored(atLeast:)`` only.
    mutating func explore(_ topicID: Int64) {
        state.lifetime.exploredTopicIDs.insert(topicID)
    }
}
