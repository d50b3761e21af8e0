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
}
