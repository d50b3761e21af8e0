import FCCore
import FCSanitizer

/// Cards that must be dropped, replies with nothing usable, and input that must not hurt.
extension SanitizerCase {
    static let validationCases: [SanitizerCase] = [
        SanitizerCase(
            name: "refusal dropped, the rest kept",
            input: #"[{"question":"Q1?","answer":"I’m sorry, but I can't help with that."},\#(Cards.two)]"#,
            outcome: .strict, count: 1, dropped: [.refusal: 1]),
        SanitizerCase(
            name: "refusals everywhere mean fallback",
            input:
                #"[{"question":"As an AI, I cannot make cards.","answer":"No"},{"question":"Q?","answer":"I cannot do that"}]"#,
            outcome: .fallback, count: 0, dropped: [.refusal: 2]),
        SanitizerCase(
            name: "placeholders dropped",
            input: #"""
                [{"question":"Q1?","answer":"..."},{"question":"Q2?","answer":"TBD"},
                 {"question":"Q3?","answer":"Lorem ipsum dolor sit amet"},{"question":"Q4?","answer":"<answer>"},
                 {"question":"Q5?","answer":"N/A"},{"question":"Q6?","answer":"Answer here"},
                 {"question":"…","answer":"A7"},{"question":"Q8?","answer":"[your answer]"},
                 {"question":"What is the HTML tag for a line break?","answer":"<br>"}]
                """#,
            outcome: .strict, count: 1, dropped: [.placeholder: 8], answers: ["<br>"]),
        SanitizerCase(
            name: "True or False answering how, why, where, when or who is dropped; a claim or a what-question is not",
            input: #"""
                [{"question":"[H] How can I make a cake with 5 layers?","answer":"True","type":"fillblank"},
                 {"question":"Why did Rome fall?","answer":"False"},
                 {"question":"A) Who founded Rome?","answer":"true","type":"truefalse"},
                 {"question":"Rome was founded in 753 BC.","answer":"True","type":"truefalse"},
                 {"question":"What does 3 in [1, 2, 3] return in Python?","answer":"True"},
                 {"question":"How many legs has a spider?","answer":"Eight"}]
                """#,
            outcome: .strict, count: 3, dropped: [.truthForOpenQuestion: 3], answers: ["True", "True", "Eight"]),
        SanitizerCase(
            name: "a template's slot left in the text is a placeholder; a phrase's own blank is not",
            input: #"""
                [{"question":"[i.e., question] is a simple explanation of the concept.","answer":"True"},
                 {"question":"What is the capital of Spain?","answer":"The capital is <answer>."},
                 {"question":"Which verb means to eat? [Insert question here]","answer":"comer"},
                 {"question":"How do you say 'My name is [your name]' in Spanish?","answer":"Me llamo [your name]"},
                 {"question":"What does lst[0] return for lst = [4, 5]?","answer":"4"}]
                """#,
            outcome: .strict, count: 2, dropped: [.placeholder: 3], answers: ["Me llamo [your name]", "4"]),
        SanitizerCase(
            name: "a card carrying the reply's JSON structure is dropped",
            input: #"""
                [{"question":"What is amar?\", \"answer\": \"to love","answer":"to love"},
                 {"question":"Who founded Rome?","answer":"Romulus', 'explanation': 'a legend"},
                 {"question":"What does x + 2 = 5 give?","answer":"x = 3\"}, {\"question\": \"What is y?"},
                 {"question":"What is 2 + 2?","answer":"4\"}"},
                 {"question":"{\"question\" : \"Hablar\"","answer":"to speak"},
                 {"question":"Which tense is hablé?","answer":"{ preterite"},
                 {"question":"What does {\"name\": \"Ada\"} create in Python?","answer":"A dictionary"},
                 {"question":"What is the set {1, 2} in Python?","answer":"A set of two numbers"},
                 {"question":"What is \\frac{1}{2} as a decimal?","answer":"0.5"},
                 {"question":"Which key holds the answer in {'a': 1}?","answer":"'a'"}]
                """#,
            outcome: .strict, count: 4, dropped: [.jsonFragment: 6],
            answers: ["A dictionary", "A set of two numbers", "0.5", "'a'"]),
        SanitizerCase(
            name: "NUL escapes removed from card text (the store refuses U+0000)",
            input: #"[{"question":"Nul\u0000 inside?","answer":"\u0000Yes\u0000"}]"#, outcome: .strict, count: 1,
            questions: ["Nul inside?"], answers: ["Yes"]),
        SanitizerCase(
            name: "placeholder explanation dropped, card kept",
            input: #"[{"question":"Q?","answer":"A","explanation":"N/A"}]"#, outcome: .strict, count: 1,
            explanations: [nil]),
        SanitizerCase(
            name: "missing question or answer",
            input:
                #"[{"question":"Q1?"},{"answer":"A2"},{"question":"   ","answer":"x"},{"question":"Q4?","answer":null},\#(Cards.one)]"#,
            outcome: .strict, count: 1, dropped: [.missingQuestion: 2, .missingAnswer: 2]),
        SanitizerCase(
            name: "a fill-in card without a blank is kept as a question card",
            input: #"""
                [{"question":"Rome was founded by Romulus.","answer":"Romulus","type":"fillblank"},
                 {"question":"Rome was founded by ____.","answer":"Romulus","type":"fillblank"},
                 {"question":"Rome was founded by [blank].","answer":"Romulus","type":"cloze"}]
                """#,
            outcome: .strict, count: 3, dropped: [:]),
        SanitizerCase(
            name: "length caps in characters",
            input:
                #"[{"question":"\#(String(repeating: "é", count: 500))","answer":"ok"},{"question":"\#(String(repeating: "x", count: 501))","answer":"ok"},{"question":"Long answer?","answer":"\#(String(repeating: "a", count: 1001))"},{"question":"Long explanation?","answer":"a","explanation":"\#(String(repeating: "e", count: 2001))"}]"#,
            outcome: .strict, count: 1, dropped: [.tooLong: 3]),
        SanitizerCase(
            name: "duplicates in one batch by dedup key",
            input:
                #"[{"question":"Who founded Rome?","answer":"Romulus"},{"question":"who  founded rome","answer":"R"},{"question":"WHO FOUNDED ROME!?","answer":"Remus"}]"#,
            outcome: .strict, count: 1, dropped: [.duplicateInBatch: 2], answers: ["Romulus"]),
        SanitizerCase(
            name: "stray elements in a card list are malformed",
            input: #"[\#(Cards.one), "stray text", 42, {"note": "not a card"}]"#, outcome: .partial, count: 1,
            dropped: [.malformed: 3]),
        SanitizerCase(
            name: "prose only", input: "The Roman Empire lasted a long time. {It was big.}", outcome: .fallback,
            count: 0,
            repairs: [], dropped: [:]),
        SanitizerCase(name: "empty reply", input: "", outcome: .fallback, count: 0, repairs: [], dropped: [:]),
        SanitizerCase(name: "whitespace reply", input: " \n\t ", outcome: .fallback, count: 0),
        SanitizerCase(
            name: "valid JSON without cards", input: #"{"title":"Rome","items":[1,2,3]}"#, outcome: .fallback, count: 0,
            repairs: [], dropped: [:]),
        SanitizerCase(
            name: "empty array", input: "[]", outcome: .fallback, count: 0, repairs: [], dropped: [:]),
        SanitizerCase(
            name: "deep nesting does not crash", input: String(repeating: "[", count: 20_000), outcome: .fallback,
            count: 0),
        SanitizerCase(
            name: "many unclosed braces stay cheap", input: String(repeating: "{\"a\": ", count: 5_000),
            outcome: .fallback, count: 0),
        SanitizerCase(
            name: "question of punctuation only", input: #"[{"question":"???!","answer":"A"},\#(Cards.one)]"#,
            outcome: .strict, count: 1, dropped: [.placeholder: 1]),
    ]
}
