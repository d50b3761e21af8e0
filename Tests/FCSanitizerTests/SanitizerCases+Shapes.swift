import FCCore
import FCSanitizer

/// Clean JSON in the shapes models use, field aliases, types and values.
extension SanitizerCase {
    static let shapeCases: [SanitizerCase] = [
        SanitizerCase(
            name: "clean array of three", input: "[\(Cards.one),\(Cards.two),\(Cards.three)]", outcome: .strict,
            count: 3, repairs: [], dropped: [:], questions: Cards.questions, answers: ["4", "Paris", "Water"]),
        SanitizerCase(
            name: "single object instead of an array", input: Cards.two, outcome: .strict, count: 1, repairs: [],
            questions: ["What is the capital of France?"]),
        SanitizerCase(
            name: "cards wrapper", input: #"{"cards":[\#(Cards.one),\#(Cards.two)]}"#, outcome: .strict, count: 2,
            repairs: [], questions: Array(Cards.questions.prefix(2))),
        SanitizerCase(
            name: "flashcards wrapper with metadata",
            input: #"{"topic":"misc","tags":["a","b"],"flashcards":[\#(Cards.three)]}"#,
            outcome: .strict, count: 1, dropped: [:]),
        SanitizerCase(
            name: "data.items nested wrapper", input: #"{"data":{"items":[\#(Cards.one),\#(Cards.two)]}}"#,
            outcome: .strict, count: 2),
        SanitizerCase(
            name: "any single key holding cards", input: #"{"deck_for_you":[\#(Cards.one)]}"#, outcome: .strict,
            count: 1),
        SanitizerCase(
            name: "field aliases",
            input: #"""
                [{"front":"Roma","back":"Rome"},{"Question":"Q2?","Answer":"A2"},{"Q":"Q3?","A":"A3"},
                 {"prompt":"Q4?","answer":"A4"},{"question_text":"Q5?","correct_answer":"A5"}]
                """#,
            outcome: .strict, count: 5, questions: ["Roma", "Q2?", "Q3?", "Q4?", "Q5?"],
            answers: ["Rome", "A2", "A3", "A4", "A5"]),
        SanitizerCase(
            name: "term and definition make a definition card",
            input: #"[{"term":"Senate","definition":"Rome's council of elders"}]"#, outcome: .strict, count: 1,
            questions: ["Senate"], answers: ["Rome's council of elders"], kinds: [.definition]),
        SanitizerCase(
            name: "question alias beats term",
            input: #"[{"term":"Senate","question":"What was the Senate?","answer":"A council"}]"#,
            outcome: .strict, count: 1, questions: ["What was the Senate?"]),
        SanitizerCase(
            name: "explanation aliases",
            input: #"""
                [{"question":"Q1?","answer":"A1","hint":"H1"},{"question":"Q2?","answer":"A2","rationale":"R2"},
                 {"question":"Q3?","answer":"A3","notes":"N3","Explanation":"E3"},{"question":"Q4?","answer":"A4"}]
                """#,
            outcome: .strict, count: 4, explanations: ["H1", "R2", "E3", nil]),
        SanitizerCase(
            name: "type names normalised",
            input: #"""
                [{"question":"Rome was founded in 753 BC.","answer":"true","type":"True/False"},
                 {"question":"Carthage won.","answer":"F","type":"true_false"},
                 {"question":"Rome sits on ___ hills.","answer":"seven","type":"fill-in-the-blank"},
                 {"question":"{{c1::Augustus}} was the first emperor.","answer":"Augustus","type":"cloze"},
                 {"question":"Who crossed the Rubicon?","answer":"Caesar","type":"Q&A"},
                 {"question":"Legion","answer":"A military unit","type":"Definition"},
                 {"question":"Why did Rome fall?","answer":"Many reasons","type":"cause_effect"},
                 {"question":"The [blank] was Rome's forum.","answer":"Forum","type":"FillBlank"}]
                """#,
            outcome: .strict, count: 8,
            answers: [
                "True", "False", "seven", "Augustus", "Caesar", "A military unit",
                "Many reasons", "Forum",
            ],
            kinds: [.truefalse, .truefalse, .fillblank, .fillblank, .question, .definition, .question, .fillblank]),
        SanitizerCase(
            name: "true/false answers normalised and rest moved to the explanation",
            input: #"""
                [{"question":"Is Rome in Italy?","answer":"Yes","type":"tf"},
                 {"question":"Was Nero kind?","answer":"no. He was not.","type":"truefalse"},
                 {"question":"Is Paris in Spain?","answer":"Paris is in France","type":"tf"}]
                """#,
            outcome: .strict, count: 3, answers: ["True", "False", "Paris is in France"],
            explanations: [nil, "He was not.", nil], kinds: [.truefalse, .truefalse, .question]),
        SanitizerCase(
            name: "numbers and booleans become strings",
            input: #"""
                [{"question":"Square root of 16?","answer":4},{"question":"Pi to two places?","answer":3.14},
                 {"question":"Water is wet.","answer":true},{"question":"Small number?","answer":-1.5e-3}]
                """#,
            outcome: .strict, count: 4, answers: ["4", "3.14", "True", "-1.5e-3"],
            kinds: [.question, .question, .truefalse, .question]),
        SanitizerCase(
            name: "duplicate keys keep the first non-empty value",
            input: #"{"question":"Q?","answer":"","answer":"first","answer":"second","hint":"h1","hint":"h2"}"#,
            outcome: .strict, count: 1, answers: ["first"], explanations: ["h1"]),
        SanitizerCase(
            name: "fields trimmed, inner whitespace kept",
            input: #"[{"question":"  What?  \n","answer":"\tThat\n","explanation":"Line 1\n\n  Line 2  "}]"#,
            outcome: .strict, count: 1, questions: ["What?"], answers: ["That"], explanations: ["Line 1\n\n  Line 2"]),
        SanitizerCase(
            name: "emoji and non-Latin scripts survive",
            input: #"[{"question":"Что такое Рим? 🏛️","answer":"古代ローマ — عاصمة الإمبراطورية 👑"}]"#,
            outcome: .strict, count: 1, questions: ["Что такое Рим? 🏛️"], answers: ["古代ローマ — عاصمة الإمبراطورية 👑"]),
        SanitizerCase(
            name: "unicode escapes and surrogate pairs decode",
            input: #"[{"question":"Caf\u00e9?","answer":"\ud83d\ude00 \u00fc"}]"#, outcome: .strict, count: 1,
            questions: ["Café?"], answers: ["😀 ü"]),
        SanitizerCase(
            name: "smart quotes inside strict content survive",
            input: #"[{"question":"What does “veni, vidi, vici” mean?","answer":"‘I came, I saw, I conquered’"}]"#,
            outcome: .strict, count: 1, repairs: [], questions: ["What does “veni, vidi, vici” mean?"],
            answers: ["‘I came, I saw, I conquered’"]),
        SanitizerCase(
            name: "escaped newline and tab stay escapes",
            input: #"[{"question":"Two lines?","answer":"Line one\nThe end\tdone"}]"#, outcome: .strict, count: 1,
            repairs: [], answers: ["Line one\nThe end\tdone"]),
        SanitizerCase(
            name: "properly escaped LaTeX is strict",
            input: #"[{"question":"What is \\frac{1}{2} of \\(4\\)?","answer":"2"}]"#, outcome: .strict, count: 1,
            repairs: [], questions: [#"What is \frac{1}{2} of \(4\)?"#]),
        SanitizerCase(
            name: "code fence inside valid JSON content is left alone",
            input: #"[{"question":"How do you open a code block in Markdown?","answer":"```swift\nlet x = 1\n```"}]"#,
            outcome: .strict, count: 1, repairs: [], answers: ["```swift\nlet x = 1\n```"]),
        SanitizerCase(
            name: "byte order mark", input: "\u{FEFF}[\(Cards.one)]", outcome: .strict, count: 1, repairs: []),
        SanitizerCase(
            name: "list answer joined", input: #"[{"question":"Name two consuls.","answer":["Brutus","Collatinus"]}]"#,
            outcome: .strict, count: 1, answers: ["Brutus, Collatinus"]),
    ]
}
