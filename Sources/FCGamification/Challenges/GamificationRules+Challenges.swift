import FCCore
public import Foundation

extension GamificationRules {
    /// The learner's challenges for `day`, one per template, with zero progress.
    ///
    /// Deterministic: a `SplitMix64` seeded with ``ChallengeSeed/make(learnerID:day:)`` picks each template's option
    /// in template order. Each challenge expires at the start of the next local day in `timeZone`.
    public func dailyChallenges(learnerID: Int64, day: LocalDay, timeZone: TimeZone) -> [DailyChallenge] {
        dailyChallenges(learnerID: learnerID, day: day, expiresAt: day.end(in: timeZone))
    }

    func dailyChallenges(learnerID: Int64, day: LocalDay, expiresAt: Date) -> [DailyChallenge] {
        var generator = SplitMix64(seed: ChallengeSeed.make(learnerID: learnerID, day: day))
        return challenges.compactMap { template in
            guard !template.options.isEmpty else { return nil }
            let option = template.options[Int.random(in: 0..<template.options.count, using: &generator)]
            return DailyChallenge(
                kind: template.kind, title: template.title, description: template.description(target: option.target),
                day: day, target: option.target, xp: option.xp, expiresAt: expiresAt)
        }
    }
}
