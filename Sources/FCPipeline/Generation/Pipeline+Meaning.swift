import FCCore
import FCGenerator
import FCSanitizer
import FCStore

extension Pipeline {
    /// With an embedding model (`embedding_model`): drops the batch's cards that state a fact the topic, or an
    /// earlier card of the batch, holds in other words, where the sanitizer's wording measure did not see it.
    ///
    /// Only cards whose facts agree in every other way are compared (``TopicQuestionIndex/Snapshot/
    /// sameFactCandidates(question:answer:)``: the answers agree; the same numbers, kind of answer and names), so
    /// the embedding decides only what the wording measure would have decided, and the number compared per card
    /// follows how many cards share its answer, not the topic's size. A candidate's vector is read from the store;
    /// one without a vector for this model is embedded in the same request as the batch's questions and stored
    /// with the batch. A drop is the near-duplicate rule's (`similarTo` names the other card), and happens only
    /// where that rule drops.
    ///
    /// Never throws: a failed request or read leaves the batch as the sanitizer made it, with an event.
    /// - Returns: what to store with the batch (vectors and the request's usage); `nil` when nothing was embedded.
    func dropMeaningDuplicates(
        _ report: inout SanitizerReport, topic: Topic, number: Int, rules: QualityRules,
        questions: TopicQuestionIndex.Snapshot
    ) async -> BatchEmbeddings? {
        guard let embedder, rules.actions[.nearDuplicate] == .dropped, report.outcome != .fallback,
            !report.cards.isEmpty
        else { return nil }
        let cards = report.cards
        let candidates = cards.map { questions.sameFactCandidates(question: $0.question, answer: $0.answer) }
        var stored: [String: [Float]] = [:]
        var missing: [(key: String, question: String)] = []
        let embeddings: Embeddings
        do {
            let keys = Set(candidates.joined().map(\.key))
            if topic.id != 0 && !keys.isEmpty {
                stored = try await store.cardEmbeddings(topicID: topic.id, keys: keys, model: embedder.model)
            }
            var seen: Set<String> = []
            for candidate in candidates.joined() where stored[candidate.key] == nil {
                if seen.insert(candidate.key).inserted { missing.append(candidate) }
            }
            embeddings = try await embedder.embed(cards.map(\.question) + missing.map(\.question))
        } catch {
            events(.embeddingFailed(topic: topic.name, number: number, reason: "\(error)"))
            return nil
        }
        var made: [String: [Float]] = [:]
        for (offset, candidate) in missing.enumerated() {
            made[candidate.key] = embeddings.vectors[cards.count + offset]
        }
        let vectors = stored.merging(made) { old, _ in old }

        var kept: [Int] = []
        for index in cards.indices {
            let vector = embeddings.vectors[index]
            var best: (similarity: Float, to: String)?
            func consider(_ other: [Float]?, _ name: String) {
                guard let other, other.count == vector.count else { return }
                let similarity = Self.cosine(vector, other)
                if similarity >= Float(embeddingThreshold), similarity > best?.similarity ?? -1 {
                    best = (similarity, name)
                }
            }
            for candidate in candidates[index] { consider(vectors[candidate.key], candidate.key) }
            for earlier in kept
            where questions.sameFactApartFromWording(
                (cards[index].question, cards[index].answer), (cards[earlier].question, cards[earlier].answer))
            {
                consider(embeddings.vectors[earlier], cards[earlier].dedupKey)
            }
            if let best {
                var card = cards[index]
                card.flags.append(QualityRuleID.nearDuplicate.rawValue)
                report.qualityDropped.append(QualityDrop(rule: .nearDuplicate, card: card, similarTo: best.to))
                report.quality[.nearDuplicate, default: QualityTally()].dropped += 1
                report.dropped[.quality, default: 0] += 1
            } else {
                kept.append(index)
            }
        }
        report.cards = kept.map { cards[$0] }
        let cost =
            pricing.prices.cost(model: embeddings.model, usage: embeddings.usage)
            ?? pricing.prices.cost(model: embedder.model, usage: embeddings.usage)
        return BatchEmbeddings(
            model: embedder.model,
            cards: Dictionary(
                uniqueKeysWithValues: kept.enumerated().map { ($0.offset, embeddings.vectors[$0.element]) }),
            stored: made, request: NewBatch.RequestUsage(usage: embeddings.usage, costUSD: cost))
    }

    /// The cosine of two vectors of length 1: their dot product.
    static func cosine(_ first: [Float], _ second: [Float]) -> Float {
        var sum: Float = 0
        for index in first.indices { sum += first[index] * second[index] }
        return sum
    }
}
