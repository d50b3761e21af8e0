package import FCCore
package import Foundation

/// What a topic's generation remembers between runs: its outline, the language of its cards and the card kinds
/// asked for.
package struct TopicGeneration: Sendable, Hashable {
    /// Where the stored plan came from.
    package enum PlanSource: String, Sendable, Codable, Hashable {
        /// The model outlined the topic (its first run, or `topic plan --regenerate`).
        case model
        /// A person replaced it (`topic plan --edit`).
        case edited
        /// The model's outline (and its plain list) was unusable; batches use the aspects of the topic's kind (``TopicGeneration/planNote``
        /// says why).
        case fallback
    }

    /// The outline; `nil` with no plan or a fallback.
    package var plan: TopicOutline?
    /// `nil` when the topic never had a plan.
    package var planSource: PlanSource?
    /// Why the plan fell back, for `fcgen topic plan`.
    package var planNote: String?
    package var planUpdatedAt: Date?
    /// The language cards are written in; `nil` leaves it to the model.
    package var language: LanguageTag?
    /// The card kinds last asked for (`--kinds`); `nil` leaves them to the `card_kinds` setting.
    package var kinds: GeneratedKinds?

    package init(
        plan: TopicOutline? = nil, planSource: PlanSource? = nil, planNote: String? = nil, planUpdatedAt: Date? = nil,
        language: LanguageTag? = nil, kinds: GeneratedKinds? = nil
    ) {
        self.plan = plan
        self.planSource = planSource
        self.planNote = planNote
        self.planUpdatedAt = planUpdatedAt
        self.language = language
        self.kinds = kinds
    }
}

/// A change to a topic's ``TopicGeneration``, written in the transaction of a batch or on its own.
package struct TopicGenerationUpdate: Sendable {
    /// A new plan (source and note), or `nil` to keep the stored one.
    package var plan: (outline: TopicOutline?, source: TopicGeneration.PlanSource, note: String?)?
    /// A new language, or `nil` to keep the stored one.
    package var language: LanguageTag?
    /// New card kinds, or `nil` to keep the stored ones.
    package var kinds: GeneratedKinds?

    package init(
        plan: (outline: TopicOutline?, source: TopicGeneration.PlanSource, note: String?)? = nil,
        language: LanguageTag? = nil, kinds: GeneratedKinds? = nil
    ) {
        self.plan = plan
        self.language = language
        self.kinds = kinds
    }

    package var isEmpty: Bool { plan == nil && language == nil && kinds == nil }
}
