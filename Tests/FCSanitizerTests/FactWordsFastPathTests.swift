import FCCore
import Foundation
import Testing

@testable import FCSanitizer

/// The same-fact rule reads ASCII text by bytes and a batch's cards without tables (issue 28 point 6); these check
/// that both shortcuts answer exactly as the general code does, on the same-fact corpus and on the edge cases the
/// byte paths must get right.
struct FactWordsFastPathTests {
    /// Every question and answer of the same-fact corpus, and texts aimed at the byte path's edges.
    static func texts() throws -> [String] {
        let corpus = try SameFactCorpusTests.corpus()
        let edges = [
            "What is Rome's oldest road?", "Caesar'S legions", "WHAT IS 2+2*3/4=5<6>1^2%?", "the 1st, 22nd and 103rd",
            "World War II and VIII", "007 and 0", "a-b c_d e.f", "'s", "s'", "", "   ", "Mitochondria mitochondrion",
            "creations creation things thing flies fried boxes boxed faster quickly cats", "Augustus Augustulus",
            "Nîmes and Mérida", "naïve café", "CO₂ and H₂O", "x − y ≤ z", "Rome’s fall",
        ]
        return corpus.all.flatMap { [$0.first.question, $0.first.answer, $0.second.question, $0.second.answer] }
            + edges
    }

    @Test func asciiTokensAreTheScalarTokens() throws {
        for text in try Self.texts() {
            #expect(FactWords.tokens(text) == FactWords.scalarTokens(text), "\(text)")
        }
    }

    @Test func asciiStemsAndSameWordsAreTheCharacterOnes() throws {
        let words = try Self.texts().flatMap { FactWords.scalarTokens($0).map(\.lower) }
        for word in words {
            #expect(FactWords.stem(word) == FactWords.characterStem(word), "\(word)")
        }
        let stems = Array(Set(words.map(FactWords.characterStem))).sorted()
        for first in stems {
            for second in stems {
                #expect(FactWords.same(first, second) == FactWords.characterSame(first, second), "\(first) \(second)")
            }
        }
    }

    @Test func aScanningIndexFindsWhatTheTablesFind() throws {
        let corpus = try SameFactCorpusTests.corpus()
        let stopWords = QualityRules.standard.stopWords
        let cards = corpus.all.flatMap { [$0.first, $0.second] }.map {
            FactSignature(question: $0.question, answer: $0.answer, stopWords: stopWords)
        }
        var tables = FactIndex()
        var scan = FactIndex(scansLinearly: true)
        for card in cards {
            tables.insert(card, as: card.question)
            scan.insert(card, as: card.question)
        }
        #expect(tables.count == scan.count)
        var found = 0
        for card in cards {
            for limit in [scan.count / 2, scan.count] {
                let byTables = tables.sameFactApartFromWording(card, among: limit, stopWords: stopWords)
                let byScan = scan.sameFactApartFromWording(card, among: limit, stopWords: stopWords)
                #expect(byTables.map(\.text) == byScan.map(\.text), "\(card.question)")
                found += byScan.count
            }
            #expect(
                tables.card(card.question, among: tables.count)?.answer
                    == scan.card(card.question, among: scan.count)?.answer)
        }
        #expect(found > cards.count)  // each card finds itself at least, and paraphrases find their pair
    }
}
