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
    /// review. A card paid so far only by an override (``recordOverride(_:tier:in:)``) is counted by its first
    /// answer that is not one, which pays nothing more.
    func recordCard(
        _ cardID: Int64, topicID: Int64, tier: CardTier, hour: Int, kind: CardAnswerKind, in step: inout Step
    ) {
        guard step.state.today?.cardIDs.insert(cardID).inserted == true else {
            // Already paid today.
            if step.state.today?.overriddenOnlyCardIDs.remove(cardID) != nil {
                count(cardID, topicID: topicID, tier: tier, hour: hour, kind: kind, in: &step)
            } else if kind == .review, step.state.today?.quizOnlyCardIDs.remove(cardID) != nil {
                // A review of a card only quizzed so far today still counts as a review.
                countReview(hour: hour, in: &step)
            }
            return
        }
        step.pay(.card(cardID: cardID, tier: tier), xp: rules.xp.xp(for: tier))
        count(cardID, topicID: topicID, tier: tier, hour: hour, kind: kind, in: &step)
    }

    /// A quiz answer the learner claimed right over the grader (``QuizJudgement/overridden``): the card's XP at
    /// `tier` (never a first try's) when the card has not paid today, and nothing else: it is no card of a challenge,
    /// no topic studied, no streak day, no review or quiz answer in the lifetime counters.
    func recordOverride(_ cardID: Int64, tier: CardTier, in step: inout Step) {
        guard step.state.today?.cardIDs.insert(cardID).inserted == true else { return }
        step.state.today?.overriddenOnlyCardIDs.insert(cardID)
        step.pay(.card(cardID: cardID, tier: tier), xp: rules.xp.xp(for: tier))
    }

    /// Counts a card's answer of the day (its XP paid): the topic studied, a review or a quiz answer, a first try,
    /// and the streak, with its bonus when the answer continues it.
    private func count(
        _ cardID: Int64, topicID: Int64, tier: CardTier, hour: Int, kind: CardAnswerKind, in step: inout Step
    ) {
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
