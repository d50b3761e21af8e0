package import FCCore
import Foundation

/// The offline reply to a batch made from a source section: fill-in-the-blank cards written from the section's own
/// sentences, so `fcgen generate --from notes.md --offline` makes cards from any material without a model.
///
/// Deterministic: each sentence of 5–40 words gives one card whose blank is its longest word that appears once in
/// it (at least 5 letters). Batch *k* of a section (its depth) starts after the sentences the earlier batches used.
/// The reply is a chat-completions text like a model's, so it goes through the sanitizer as any reply does.
package enum SourceFixtureReply {
    package static func completion(for excerpt: SourceExcerpt, count: Int, depth: DepthLevel) -> Completion {
        let skip = (DepthLevel.allCases.firstIndex(of: depth) ?? 0) * count
        let cards = cards(from: excerpt.text, count: count, skipping: skip).map { card in
            [
                "question": card.question, "answer": card.answer, "type": "fillblank",
                "explanation": "From \"\(excerpt.title)\" in \(excerpt.fileName).",
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["cards": cards], options: [.sortedKeys])) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        return Completion(
            text: text, truncated: false,
            usage: TokenUsage(input: excerpt.text.count / 4 + 200, output: text.count / 4), model: "fixture")
    }

    /// Up to `count` (question, answer) pairs from the sentences of `text`, after the first `skip` usable ones.
    package static func cards(from text: String, count: Int, skipping skip: Int = 0) -> [(
        question: String, answer: String
    )] {
        var cards: [(question: String, answer: String)] = []
        var usable = 0
        for sentence in sentences(of: text) {
            guard let card = card(from: sentence) else { continue }
            usable += 1
            guard usable > skip else { continue }
            cards.append(card)
            if cards.count == count { break }
        }
        return cards
    }

    /// Sentences of prose: code fences, headings and table rows left out, list markers dropped.
    static func sentences(of text: String) -> [String] {
        var prose: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence || trimmed.hasPrefix("#") || trimmed.hasPrefix("|") { continue }
            var body = Substring(trimmed)
            if let first = body.first, "-*+>".contains(first) { body = body.dropFirst().drop(while: \.isWhitespace) }
            prose.append(trimmed.isEmpty ? "\n" : String(body))
        }
        var sentences: [String] = []
        var current = ""
        for character in prose.joined(separator: " ") {
            if character == "\n" {
                if !current.isEmpty { sentences.append(current) }
                current = ""
                continue
            }
            current.append(character)
            if ".!?".contains(character) {
                sentences.append(current)
                current = ""
            }
        }
        if !current.isEmpty { sentences.append(current) }
        return sentences.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func card(from sentence: String) -> (question: String, answer: String)? {
        let words = sentence.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (5...40).contains(words.count), sentence.count <= 300 else { return nil }
        let candidates = words.map { $0.trimmingCharacters(in: .letters.inverted) }
        let lowered = candidates.map { $0.lowercased() }
        var best: Int?
        for (index, word) in candidates.enumerated()
        where word.count >= 5 && word.allSatisfy(\.isLetter) && lowered.filter({ $0 == lowered[index] }).count == 1 {
            if best.map({ candidates[$0].count < word.count }) ?? true { best = index }
        }
        guard let best else { return nil }
        let answer = candidates[best]
        var blanked = words
        blanked[best] = words[best].replacingOccurrences(of: answer, with: "____")
        return (blanked.joined(separator: " "), answer)
    }
}
