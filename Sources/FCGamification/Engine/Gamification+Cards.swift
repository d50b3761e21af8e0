extension Gamification {
    /// How a card was answered: a spaced review, or a right answer in a quiz (which is not a review).
    enum CardAnswerKind {
        case review
        case quiz
    }

    /// Pays a card's XP for the day, once: the first answer to a card on a local day decides its tier, later answers
    /// that day pay nothing. Also the streak: the first card of a day continuing yesterday's streak pays the streak
    /// bonus.
    ///
    /// Reviews and quiz answers are counted apart, so achievements that name reviews (First Steps, Scholar, Night
    /// Owl) need reviews: a card answered in a quiz and then reviewed the same day pays once, and counts once as a
    /// review.
    func recordCard(
        _ cardID: Int64, topicID: Int64, tier: CardTier, hour: Int, kind: CardAnswerKind, in step: inout Step
    ) {
        guard step.state.today?.cardIDs.insert(cardID).inserted == true else {
            // Already paid today. A review of a card only quizzed so far today still counts as a review.
            if kind == .review, step.state.today?.quizOnlyCardIDs.remove(cardID) != nil {
                countReview(hour: hour, in: &step)
            }
            return
        }
        step.pay(.card(cardID: cardID, tier: tier), xp: rules.xp.xp(for: tier))
        step.study(topicID)
        switch kind {
        case .review:
            countReview(hour: hour, in: &step)
        case .quiz:
            step.state.today?.quizOnlyCardIDs.insert(cardID)
            step.state.lifetime.quizAnswers += 1
        }
        if tier == .perfect {
            step.state.today?.perfectCardIDs.insert(cardID)
            step.state.lifetime.perfectCards += 1
        }
        if case .continued(let length) = step.state.streak.recordActivity(on: step.day) {
            step.pay(.streakBonus(streak: length), xp: rules.xp.streakBonus)
        }
    }

    private func countReview(hour: Int, in step: inout Step) {
        step.state.lifetime.cardsReviewed += 1
        if rules.nightHours.contains(hour: hour) { step.state.lifetime.lateNightReviews += 1 }
    }
}
