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
