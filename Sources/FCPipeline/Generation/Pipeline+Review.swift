import FCCore
import FCGenerator
import FCSanitizer

import struct Foundation.Data
import class Foundation.JSONDecoder
import class Foundation.JSONSerialization

extension Pipeline {
    /// What the review pass gave a batch: its cards after the verdicts, and what the request cost.
    struct ReviewOutcome: Sendable {
        var cards: [CardDraft]
        var summary: ReviewSummary
        /// The review reply's usage; `nil` when nothing was paid for (refused, failed).
        var usage: TokenUsage?
        var cost: Double?
        /// Held until the batch (whose ledger row carries the review's cost) is committed.
        var reservation: BudgetReservation?
    }

    /// Whether a batch gets a review request: `--review` on, real cards (not a fallback), and something to check.
    func needsReview(_ report: SanitizerReport, section: SourceExcerpt?, options: GenerationOptions) -> Bool {
        guard options.review, report.outcome != .fallback, !report.cards.isEmpty else { return false }
        return section != nil || report.cards.contains { !$0.flags.isEmpty }
    }

    /// Sends one review request for the batch's flagged cards (every card when the batch was made from `section`)
    /// and applies the verdicts: `drop` removes the card, `rewrite` replaces it once the rewritten card passes the
    /// sanitizer and the quality rules again (else the original stays, flagged), `keep` and no verdict leave it.
    /// Never throws: a refused, failed or unreadable review leaves the cards as they are, with a warning.
    func review(
        _ cards: [CardDraft], topic: Topic, plan: BatchPlan, section: SourceExcerpt?, existingKeys: Set<String>,
        sanitizer: SanitizerOptions, options: GenerationOptions
    ) async -> ReviewOutcome {
        let chosen = cards.indices.filter { section != nil || !cards[$0].flags.isEmpty }
        let listed = chosen.map { index in
            ReviewCard(
                index: index + 1, kind: cards[index].kind, question: cards[index].question,
                answer: cards[index].answer,
                flags: cards[index].flags.map { flag in
                    QualityRuleID(rawValue: flag).map { "\(flag): \($0.meaning)" } ?? flag
                })
        }
        func unchanged(_ status: ReviewSummary.Status, _ warning: String) -> ReviewSummary {
            .unchanged(status, reviewed: chosen.count, count: cards.count, warning: warning)
        }
        let prompt = templates.renderReview(topic: topic.name, cards: listed, section: section)
        let estimate = pricing.estimate(prompt)
        let reservation: BudgetReservation?
        do {
            reservation = try await options.budget?.admit(
                BudgetedRequest(
                    topicID: topic.id == 0 ? nil : topic.id, topic: topic.name, batch: plan.number,
                    model: provider.model, estimate: estimate))
        } catch {
            return ReviewOutcome(cards: cards, summary: unchanged(.skipped, "review skipped: \(error)"))
        }
        let completion: Completion
        do {
            completion = try await provider.complete(
                .review(topic: topic.name, plan: plan, count: listed.count, prompt: prompt))
        } catch {
            if let reservation { options.budget?.settle(reservation, cost: 0) }
            return ReviewOutcome(cards: cards, summary: unchanged(.failed, "review request failed: \(error)"))
        }
        var outcome = ReviewOutcome(
            cards: cards, summary: unchanged(.failed, ""), usage: completion.usage,
            cost: pricing.cost(of: completion, estimate: estimate), reservation: reservation)
        guard let verdicts = ReviewVerdicts(reply: completion.text) else {
            outcome.summary = unchanged(
                .failed, "review reply unusable (not {\"reviews\": [...]} JSON); the batch is stored as sanitized")
            return outcome
        }
        var result: [CardDraft?] = cards
        var rewritten = 0
        var dropped = 0
        var refused = 0
        for index in chosen {
            guard let verdict = verdicts.byIndex[index + 1] else { continue }
            switch verdict.action {
            case .keep:
                continue
            case .drop:
                result[index] = nil
                dropped += 1
            case .rewrite:
                var keys = existingKeys
                for (other, card) in result.enumerated() where other != index {
                    if let card { keys.insert(card.dedupKey) }
                }
                if let card = recheck(verdict, original: cards[index], existingKeys: keys, sanitizer: sanitizer) {
                    result[index] = card
                    rewritten += 1
                } else {
                    refused += 1
                }
            }
        }
        outcome.cards = result.compactMap { $0 }
        outcome.summary = ReviewSummary(
            status: .applied, reviewed: chosen.count, before: cards.count, after: outcome.cards.count,
            rewritten: rewritten, dropped: dropped, rewritesRefused: refused)
        return outcome
    }

    /// The rewritten card as the sanitizer and the quality rules leave it (its kind, explanation, options and image
    /// query are the original's); `nil` when they refuse it (invalid, a duplicate, a quality drop).
    func recheck(
        _ verdict: ReviewVerdicts.Verdict, original: CardDraft, existingKeys: Set<String>, sanitizer: SanitizerOptions
    ) -> CardDraft? {
        var card: [String: Any] = [
            "question": verdict.question, "answer": verdict.answer, "explanation": original.explanation ?? "",
            "type": original.kind.rawValue,
        ]
        if let choices = original.choices { card["options"] = choices.options }
        if let query = original.imageQuery { card["image_query"] = query }
        var options = sanitizer
        options.fallbackTopic = nil
        // A cloze or mcq card (asked for, or made by a quality fix) is read back as one.
        if original.kind == .cloze || original.kind == .mcq { options.structuredKinds = true }
        guard let data = try? JSONSerialization.data(withJSONObject: ["cards": [card]]) else { return nil }
        let report = Sanitizer(options: options)
            .sanitize(String(decoding: data, as: UTF8.self), existingKeys: existingKeys)
        guard report.outcome != .fallback, report.cards.count == 1 else { return nil }
        return report.cards[0]
    }
}

/// A review reply read: the first verdict for each card number.
struct ReviewVerdicts {
    struct Verdict {
        enum Action: String { case keep, rewrite, drop }
        var action: Action
        var question: String
        var answer: String
    }

    private struct Reply: Decodable {
        struct Entry: Decodable {
            var index: Int
            var action: String
            var question: String?
            var answer: String?
        }
        var reviews: [Entry]
    }

    var byIndex: [Int: Verdict] = [:]

    /// `nil` when `reply` holds no `{"reviews": [...]}` object (code fences and text around it are tolerated).
    /// An entry with an unknown action counts as `keep`; a `rewrite` without a question or answer too.
    init?(reply: String) {
        guard let open = reply.firstIndex(of: "{"), let close = reply.lastIndex(of: "}"), open < close,
            let decoded = try? JSONDecoder().decode(Reply.self, from: Data(reply[open...close].utf8))
        else { return nil }
        for entry in decoded.reviews where byIndex[entry.index] == nil {
            var action = Verdict.Action(rawValue: entry.action.lowercased()) ?? .keep
            let question = entry.question ?? ""
            let answer = entry.answer ?? ""
            if action == .rewrite, question.isEmpty || answer.isEmpty { action = .keep }
            byIndex[entry.index] = Verdict(action: action, question: question, answer: answer)
        }
    }
}
