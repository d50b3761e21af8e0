import FCCore
import FCSanitizer
import Testing

/// `multiple-facts` flags a question that asks for several things joined by `and`, each opened by a determiner,
/// whether the answer is long or short; a pair after "between" is one thing.
struct SeveralThingsTests {
    func flags(_ question: String, answer: String) -> [String] {
        let reply = #"[{"question": "\#(question)", "answer": "\#(answer)"}]"#
        return Sanitizer(options: SanitizerOptions()).sanitize(reply).cards.first?.flags ?? ["(dropped)"]
    }

    @Test(arguments: [
        ("Name the capital and the currency and the official language of Peru.", "Lima, sol, Spanish."),
        ("What are the capital and the currency of Japan?", "Tokyo and the yen."),
        ("What were the causes and the consequences of the Second Punic War?", "Saguntum; Carthage lost Spain."),
        ("Who was its founder and its first king?", "Romulus."),
    ])
    func severalThingsInOneAskAreFlagged(question: String, answer: String) {
        #expect(flags(question, answer: answer).contains("multiple-facts"))
    }

    @Test(arguments: [
        ("What is the difference between the Senate and the popular assemblies?", "Who sits: nobles or citizens."),
        ("Who was the first emperor of Rome?", "Augustus."),
        ("What is the capital and largest city of Peru?", "Lima."),
        ("Which river did the legions of Caesar cross in 49 BC?", "The Rubicon."),
    ])
    func oneThingIsNotFlagged(question: String, answer: String) {
        #expect(!flags(question, answer: answer).contains("multiple-facts"))
    }

    @Test(arguments: [
        ("Who painted the ceiling of the Sistine Chapel?", "Leonardo, Michelangelo and Raphael."),
        ("Which river flows through Rome?", "The Tiber; the Aniene; the Almone."),
        ("Name the founder of Rome.", "Romulus, Remus and Numitor."),
        ("What did the Edict of Milan grant?", "Tolerance, property and worship."),
    ])
    func aListAnsweringOneAskIsFlagged(question: String, answer: String) {
        #expect(flags(question, answer: answer).contains("multiple-facts"))
    }

    @Test(arguments: [
        ("What are the primary colours of paint?", "Red, yellow and blue."),
        ("Name three causes of inflation.", "Demand, costs and money supply."),
        ("What is bronze made of?", "Copper, tin and a little zinc."),
        ("Who founded Rome?", "Romulus and Remus."),
        ("Where was Napoleon born?", "Ajaccio, Corsica."),
        ("Which planets are gas giants?", "Jupiter, Saturn, Uranus and Neptune."),
    ])
    func aListThatWasAskedForOrTwoNamesAreNotFlaggedForIt(question: String, answer: String) {
        let flags = flags(question, answer: answer)
        // "Name three …" is flagged for asking for a set, not for its answer; the others not at all.
        #expect(flags.contains("multiple-facts") == question.hasPrefix("Name three"))
    }
}
