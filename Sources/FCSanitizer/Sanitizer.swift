import FCCore

/// Turns one raw model reply into flashcards and a report. Pure: no I/O, no clock, no randomness.
///
/// The reply is read as strict JSON first; only when that fails are repairs tried, safest first (see
/// ``Repair``). The card objects found are read through field aliases, validated (see `CardValidator`),
/// de-duplicated by ``DedupKey`` within the batch and against the topic's existing keys, and checked by the quality
/// rules of ``SanitizerOptions/quality`` (flagged, fixed or dropped; see ``QualityRules``).
///
/// Outcome rules:
/// - `strict`: the reply parsed as sent and nothing was lost;
/// - `repaired`: repairs were needed, nothing was lost;
/// - `partial`: the reply was truncated (the provider said so, or the JSON ended early) or something was salvaged
///   with loss (an element that is no card, a broken object); at least one card survived validation;
/// - `fallback`: no card survived validation. With `fallbackTopic` set the report carries templated cards (origin
///   `.fallback`), otherwise none.
///
/// Cards that survive validation but all duplicate `existingKeys` leave the outcome as it is (0 cards kept, counted
/// as `duplicate_in_topic`): the model did its job, the topic already had those cards. The same holds for cards a
/// quality rule drops (counted as `quality`, by rule in ``SanitizerReport/quality``).
///
/// ```swift
/// let sanitizer = Sanitizer(options: SanitizerOptions(fallbackTopic: "Roman history"))
/// let report = sanitizer.sanitize(completion.text, truncated: completion.truncated, existingKeys: keys)
/// // In a generation run, with the topic's index kept up to date as batches are stored:
/// let checked = sanitizer.sanitize(completion.text, existingKeys: keys, questions: index.snapshot())
/// ```
public struct Sanitizer: Sendable {
    public let options: SanitizerOptions
    /// The quality rules of `options`, with their phrase tables indexed once rather than per reply.
    let quality: QualityChecker

    public init(options: SanitizerOptions = .init()) {
        self.options = options
        // A generation run makes a sanitizer per batch (each with its own plan), nearly always with the standard
        // rules: their checker is built once per process, not once per batch.
        self.quality =
            options.quality == QualityChecker.standard.rules
            ? QualityChecker.standard : QualityChecker(rules: options.quality)
    }

    /// Reads the cards in `text`.
    ///
    /// - Parameters:
    ///   - text: the message content of one reply, nothing around it.
    ///   - truncated: the provider said the output was cut (`finish_reason` `length` and the like).
    ///   - existingKeys: `DedupKey.make` of the topic's existing questions.
    ///   - questions: the near-duplicate index of the same questions, when the caller keeps one for the topic
    ///     (a generation run does); without it they are indexed here, a cost that grows with the topic.
    /// - Returns: the outcome, the kept cards (stamped with `options.origin`, carrying their quality flags), drops by
    ///   reason, the repairs used, and what each quality rule did.
    public func sanitize(
        _ text: String, truncated: Bool = false, existingKeys: Set<String> = [],
        questions: TopicQuestionIndex.Snapshot? = nil
    ) -> SanitizerReport {
        let reply = ReplyReader.read(text)
        var dropped: [DropReason: Int] = [:]
        if reply.malformed > 0 { dropped[.malformed] = reply.malformed }
        if reply.truncatedObjects > 0 { dropped[.truncated] = reply.truncatedObjects }

        let validator = CardValidator(limits: options.limits, structuredKinds: options.structuredKinds)
        var cards: [CardDraft] = []
        cards.reserveCapacity(reply.objects.count)
        var batchKeys = Set<String>(minimumCapacity: reply.objects.count)
        var survivors = 0
        var qualityPass = QualityPass(
            checker: quality, existingKeys: existingKeys, topicIndex: questions,
            clozeQuestionMax: options.structuredKinds ? options.limits.questionMax : nil)
        for object in reply.objects {
            let card: CardValidator.ValidCard
            let fields = CardFields(members: object)
            switch validator.check(fields) {
            case .keep(let valid):
                card = valid
            case .drop(let reason):
                dropped[reason, default: 0] += 1
                continue
            }
            let key = DedupKey.make(card.question)
            // A question of nothing but punctuation ("???") has no key: it is a placeholder.
            guard !key.isEmpty else {
                dropped[.placeholder, default: 0] += 1
                continue
            }
            survivors += 1
            if existingKeys.contains(key) {
                dropped[.duplicateInTopic, default: 0] += 1
            } else if !batchKeys.insert(key).inserted {
                dropped[.duplicateInBatch, default: 0] += 1
            } else {
                let draft = CardDraft(
                    kind: card.kind, question: card.question, answer: card.answer, explanation: card.explanation,
                    origin: options.origin, flags: card.flags, choices: card.choices, imageQuery: fields.imageQuery)
                if let kept = qualityPass.review(draft) {
                    cards.append(kept)
                } else {
                    dropped[.quality, default: 0] += 1
                }
            }
        }

        let repairs = reply.repairs.ordered
        guard survivors > 0 else {
            return SanitizerReport(
                outcome: .fallback, cards: fallbackCards(existingKeys), dropped: dropped, repairs: repairs)
        }
        let outcome: BatchOutcome
        if truncated || reply.isLossy || reply.malformed > 0 || reply.truncatedObjects > 0 {
            outcome = .partial
        } else {
            outcome = repairs.isEmpty ? .strict : .repaired
        }
        return SanitizerReport(
            outcome: outcome, cards: cards, dropped: dropped, repairs: repairs, quality: qualityPass.tallies,
            qualityDropped: qualityPass.drops)
    }

    /// Templated cards for a fallback outcome, minus any the topic already has.
    private func fallbackCards(_ existingKeys: Set<String>) -> [CardDraft] {
        guard let topic = options.fallbackTopic else { return [] }
        return FallbackCards.make(topic: topic, plan: options.fallbackPlan, count: options.fallbackCount)
            .filter { !existingKeys.contains($0.dedupKey) }
    }
}
