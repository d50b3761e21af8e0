import FCCore
import Testing

/// Cloze text in Anki's syntax: parsed, asked per deletion, refused with a reason.
struct ClozeTextTests {
    @Test func severalDeletionsAreAskedOneNumberAtATime() throws {
        let cloze = try ClozeText.parse("{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.").get()
        #expect(cloze.numbers == [1, 2])
        #expect(cloze.question(hiding: 1) == "[...] founded Rome in 753 BC.")
        #expect(cloze.question(hiding: 2) == "Romulus founded Rome in [year].")
        #expect(cloze.questionHidingAll == "[...] founded Rome in [year].")
        #expect(cloze.revealed == "Romulus founded Rome in 753 BC.")
        #expect(cloze.answers(for: 2) == ["753 BC"])
        #expect(cloze.deletions.map(\.hint) == [nil, "year"])
    }

    @Test func deletionsSharingANumberAreHiddenTogether() throws {
        let cloze = try ClozeText.parse("{{c1::Caesar}} crossed the {{c1::Rubicon}} in {{c3::49 BC}}").get()
        #expect(cloze.numbers == [1, 3])
        #expect(cloze.answers(for: 1) == ["Caesar", "Rubicon"])
        #expect(cloze.question(hiding: 1) == "[...] crossed the [...] in 49 BC")
    }

    @Test func bracesOfMathStayInTheAnswer() throws {
        let cloze = try ClozeText.parse(#"Half is {{c1::$\frac{1}{2}$}}, and {{x}} is no deletion"#).get()
        #expect(cloze.answers(for: 1) == [#"$\frac{1}{2}$"#])
        #expect(cloze.revealed == #"Half is $\frac{1}{2}$, and {{x}} is no deletion"#)
    }

    @Test(arguments: [
        ("Rome was founded by ____.", ClozeProblem.noDeletion),
        ("Rome was founded by {{c1::Romulus.", .unclosed(offset: 20)),
        ("Rome was founded by {{c1::  }}.", .emptyDeletion(number: 1)),
        ("{{c0::Rome}}", .badNumber(offset: 0)),
        ("{{c1Rome}}", .badNumber(offset: 0)),
        ("{{c1000::Rome}}", .badNumber(offset: 0)),
        ("{{c0001::Rome}}", .badNumber(offset: 0)),
        ("a {{c99999999999999999999::Rome}}", .badNumber(offset: 2)),
        ("{{c1::Rome {{c2::Italy}}}}", .nested(offset: 0)),
    ])
    func badTextIsRefusedWithTheReason(text: String, problem: ClozeProblem) {
        #expect(throws: problem) { try ClozeText.parse(text).get() }
        #expect(!problem.description.isEmpty)
    }

    @Test func looksLikeClozeNeedsANumber() {
        #expect(ClozeText.looksLikeCloze("a {{c12::b}}"))
        #expect(!ClozeText.looksLikeCloze("a {{cat}} b"))
        #expect(!ClozeText.looksLikeCloze("plain"))
    }
}
