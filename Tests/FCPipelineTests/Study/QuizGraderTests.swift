import FCCore
import FCPipeline
import Testing

/// The quiz grades as a fair teacher would: typos forgiven by the answer's length, numbers exact, punctuation and a
/// leading article ignored, a sentence answer's key term enough.
struct QuizGraderTests {
    let grader = QuizGrader()

    @Test func typosAreForgivenByTheAnswersLength() {
        #expect(grader.grade("Rubcion", expected: "Rubicon") == .correct, "two neighbours swapped: one edit")
        #expect(grader.grade("Rubico", expected: "Rubicon.") == .correct, "a letter dropped")
        #expect(grader.grade("Rubikon", expected: "Rubicon") == .correct, "a letter changed")
        #expect(grader.grade("Rbcon", expected: "Rubicon") == .wrong, "two edits in seven characters")
        #expect(grader.grade("Roma", expected: "Rome") == .wrong, "no typo in fewer than six characters")
        #expect(grader.grade("Constantinopel", expected: "Constantinople") == .correct, "14 characters: two edits")
        #expect(grader.grade("teh city", expected: "the city") == .correct)
        #expect(QuizGrader(charactersPerTypo: 0).grade("Rubcion", expected: "Rubicon") == .wrong)
    }

    @Test func numbersAreExact() {
        #expect(grader.grade("1435", expected: "1453") == .wrong)
        #expect(grader.grade("in 1453", expected: "In 1453.") == .correct)
        #expect(grader.grade("753 BC", expected: "753 B.C.") == .correct)
        #expect(grader.grade("735 BC", expected: "753 BC") == .wrong)
        #expect(grader.grade("3,14", expected: "3.14") == .wrong, "a decimal mark is part of the number")
        #expect(grader.grade("3.14", expected: "3.14") == .correct)
    }

    @Test func punctuationApostrophesAndALeadingArticleDoNotCount() {
        #expect(grader.grade("Rubicon", expected: "The Rubicon.") == .correct)
        #expect(grader.grade("a caldera", expected: "Caldera") == .correct)
        #expect(grader.grade("Jean Paul Sartre", expected: "Jean-Paul Sartre") == .correct)
        #expect(grader.grade("dont panic", expected: "Don't panic!") == .correct)
        #expect(grader.grade("Battle of Bulge", expected: "Battle of the Bulge") == .wrong, "an inner article counts")
        #expect(grader.grade("Vitamin", expected: "Vitamin A") == .wrong, "a letter that is the answer counts")
        #expect(grader.grade("?!", expected: "Caesar") == .empty)
    }

    @Test func aSentenceAnswersKeyTermIsEnough() {
        let sentence = "Hannibal Barca, the Carthaginian general who crossed the Alps with elephants."
        #expect(grader.grade("Hannibal Barca", expected: sentence) == .correct)
        #expect(grader.grade("hanibal barca", expected: sentence) == .correct, "with a typo")
        #expect(grader.grade(sentence, expected: sentence) == .correct)
        #expect(grader.grade("Hannibal", expected: sentence) == .wrong, "the whole key term")
        #expect(grader.grade("Barca", expected: "Barca, Spain") == .wrong, "a short answer has no key term")
        let long = "The Treaty of Westphalia and several other agreements signed in 1648 ended the war"
        #expect(grader.grade("Treaty of Westphalia", expected: long) == .wrong, "no mark, no key term")
    }
}
