/// What a daily challenge counts; each counts distinct things of the learner's local day, so replays never count
/// twice.
public enum ChallengeKind: String, Sendable, Codable, CaseIterable, Hashable {
    /// Card Master: distinct cards reviewed today.
    case cardMaster = "card_master"
    /// Perfect Score: distinct cards recalled on the first try today.
    case perfectScore = "perfect_score"
    /// Topic Explorer: distinct topics studied today (a card reviewed, a topic explored or generated).
    case topicExplorer = "topic_explorer"
}
