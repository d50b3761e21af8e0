import FCCore
public import Foundation

extension Gamification {
    /// A card's answer dated before the state's current day: given offline, and sent after the learner studied on
    /// a later day elsewhere (docs/gamification.md, "Late answers"). It pays what the card's first answer of its
    /// own day pays (its tier's XP, keyed `xp:card:<cardID>:<its day>`, counted in that day's XP) when that day is at
    /// most ``GamificationRules/lateAnswerDays`` before the current one, and the levels it crosses; nothing else.
    ///
    /// The state keeps only the current day's memory, so it cannot tell whether the card already paid on that day:
    /// the store's unique award key does (`INSERT … ON CONFLICT DO NOTHING`, only an inserted award adds XP), so a
    /// card answered on both devices that day, or a late answer sent twice, pays once. For the same reason a late
    /// answer leaves the current day (its cards, challenges, XP), the streak, the lifetime counters and the
    /// achievements as they were: counting them again could count an answer twice. Any other late event pays
    /// nothing and changes nothing.
    func payLateAnswer(
        _ event: GamificationEvent, to state: GamificationState, day: LocalDay, current: LocalDay, at time: Date
    ) -> (state: GamificationState, awards: [Award]) {
        guard day.ordinal >= current.ordinal - rules.lateAnswerDays else { return (state, []) }
        let cardID: Int64
        let tier: CardTier
        switch event {
        case .cardReviewed(let review):
            cardID = review.cardID
            tier = CardTier(correct: review.rating.isSuccess, firstTry: review.isFirstTry)
        case .cardAnsweredCorrectly(let answer):
            cardID = answer.cardID
            tier = answer.tier
        default:
            return (state, [])
        }
        var step = Step(state: state, time: time, day: day)
        step.pay(.card(cardID: cardID, tier: tier), xp: rules.xp.xp(for: tier))
        if let levels = LevelInfo.levelsReached(from: state.totalXP, to: step.state.totalXP, curve: rules.levels) {
            for level in levels { step.announce(.levelReached(level)) }
        }
        return (step.state, step.awards)
    }
}
