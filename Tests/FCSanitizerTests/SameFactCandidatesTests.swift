import FCCore
import FCSanitizer
import Testing

/// The cards a comparison by meaning (embeddings) is asked about: those whose facts agree in every way but wording.
struct SameFactCandidatesTests {
    static let cards = [
        TopicQuestionIndex.Card(
            key: "k-gas", question: "Which gas do plants absorb from the air?", answer: "Carbon dioxide"),
        TopicQuestionIndex.Card(
            key: "k-exhale", question: "Which gas do animals breathe out?", answer: "Carbon dioxide"),
        TopicQuestionIndex.Card(key: "k-oxygen", question: "Which gas do plants give off?", answer: "Oxygen"),
        TopicQuestionIndex.Card(key: "k-hamlet", question: "Who wrote Hamlet?", answer: "William Shakespeare"),
        TopicQuestionIndex.Card(key: "k-macbeth", question: "Who wrote Macbeth?", answer: "Shakespeare"),
        TopicQuestionIndex.Card(key: "k-year", question: "In which year was Hamlet first printed?", answer: "1603"),
    ]

    @Test func candidatesAgreeInAnswerNumbersKindAndNames() {
        let snapshot = TopicQuestionIndex(cards: Self.cards).snapshot()
        // Both carbon dioxide cards, whatever their wording; not the oxygen one.
        let gas = snapshot.sameFactCandidates(
            question: "Which gas is taken in by leaves during photosynthesis?", answer: "carbon dioxide")
        #expect(gas.map(\.key) == ["k-gas", "k-exhale"])
        #expect(gas.first?.question == "Which gas do plants absorb from the air?")
        // The same answer, but another play named: not a candidate.
        let author = snapshot.sameFactCandidates(question: "Who is the author of Hamlet?", answer: "Shakespeare")
        #expect(author.map(\.key) == ["k-hamlet"])
        // Another kind of answer asked for (a year, not a person), or other numbers: none.
        #expect(snapshot.sameFactCandidates(question: "When was Hamlet first printed?", answer: "1604").isEmpty)
        #expect(snapshot.sameFactCandidates(question: "Who wrote Hamlet in 1600?", answer: "Shakespeare").isEmpty)
    }

    @Test func pairsOfABatchAreJudgedTheSameWay() {
        let snapshot = TopicQuestionIndex(cards: []).snapshot()
        #expect(
            snapshot.sameFactApartFromWording(
                ("Which gas do plants absorb from the air?", "Carbon dioxide"),
                ("Which gas is given off by leaves during photosynthesis?", "Oxygen")) == false)
        #expect(
            snapshot.sameFactApartFromWording(
                ("Which gas do plants absorb from the air?", "Carbon dioxide"),
                ("Which gas is taken in by leaves during photosynthesis?", "carbon dioxide")))
        #expect(
            snapshot.sameFactApartFromWording(
                ("Who wrote Hamlet?", "Shakespeare"), ("Who wrote Macbeth?", "Shakespeare"))
                == false)
        // An answer too long to be a fact is never compared.
        let long = "Plants take carbon dioxide from the air through small pores in their leaves called stomata"
        #expect(
            snapshot.sameFactApartFromWording(("What do plants take in?", long), ("What do plants absorb?", long))
                == false)
    }
}
