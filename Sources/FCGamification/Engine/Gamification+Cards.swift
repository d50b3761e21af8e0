extension Gamification {
    /// Pays a card's XP for the day, once: the first answer to a card on a local day decides its tier, later answers
    /// that day pay and count nothing. Also the streak: the first card of a day continuing yesterday's streak pays
    /// the streak bonus.
    func recordCard(_ cardID: Int64, topicID: Int64, tier: CardTier, hour: Int, in step: inout Step) {
        guard step.state.today?.cardIDs.insert(cardID).inserted == true else { return }
        step.pay(.card(cardID: cardID, tier: tier), xp: rules.xp.xp(for: tier))
        step.explore(topicID)
        step.state.lifetime.cardsReviewed += 1
        if tier == .perfect {
            step.state.today?.perfectCardIDs.insert(cardID)
            step.state.lifetime.perfectCards += 1
        }
        if rules.nightHours.contains(hour: hour) { step.state.lifetime.lateNightReviews += 1 }
        if case .continued(let length) = step.state.streak.recordActivity(on: step.day) {
            step.pay(.streakBonus(streak: length), xp: rules.xp.streakBonus)
        }
    }
}
