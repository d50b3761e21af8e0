import FCCore
import FCSanitizer

/// Replies that need repairs, and truncated replies.
extension SanitizerCase {
    static let repairCases: [SanitizerCase] = [
        SanitizerCase(
            name: "json code fence", input: "```json\n[\(Cards.one),\(Cards.two)]\n```", outcome: .repaired, count: 2,
            repairs: [.codeFence]),
        SanitizerCase(
            name: "JSON fence with prose around it",
            input: "Here are your cards:\n\n```JSON\n[\(Cards.one)]\n```\n\nLet me know if you need more!",
            outcome: .repaired, count: 1, repairs: [.codeFence, .surroundingProse]),
        SanitizerCase(
            name: "tilde fence without tag", input: "~~~\n\(Cards.three)\n~~~", outcome: .repaired, count: 1,
            repairs: [.codeFence]),
        SanitizerCase(
            name: "inline fence", input: "```json[\(Cards.one)]```", outcome: .repaired, count: 1, repairs: [.codeFence]
        ),
        SanitizerCase(
            name: "prose before and after without fence",
            input: "Sure! Here are [2] cards: [\(Cards.one),\(Cards.two)] I hope {this} helps.", outcome: .repaired,
            count: 2, repairs: [.surroundingProse], dropped: [:]),
        SanitizerCase(
            name: "think block with draft JSON is removed",
            input: #"<think>Draft: [{"question":"Draft?","answer":"no"}]</think>"# + "\n[\(Cards.two)]",
            outcome: .repaired, count: 1, repairs: [.thinkBlock], questions: ["What is the capital of France?"]),
        SanitizerCase(
            name: "orphan closing think tag", input: "I should list cards.</think>\n[\(Cards.one)]", outcome: .repaired,
            count: 1, repairs: [.thinkBlock]),
        SanitizerCase(
            name: "JSON encoded as a JSON string",
            input: #""[{\"question\":\"What is 2+2?\",\"answer\":\"4\"}]""#, outcome: .repaired, count: 1,
            repairs: [.jsonString], questions: ["What is 2+2?"]),
        SanitizerCase(
            name: "wrapper holding a JSON string",
            input: #"{"cards":"[{\"question\":\"Q?\",\"answer\":\"A\"}]"}"#, outcome: .repaired, count: 1,
            repairs: [.jsonString]),
        SanitizerCase(
            name: "structural smart quotes, inner smart quotes survive",
            input: #"[{“question”: “What does “carpe diem” mean?”, “answer”: “Seize the day”}]"#, outcome: .repaired,
            count: 1, repairs: [.smartQuotes], questions: ["What does “carpe diem” mean?"], answers: ["Seize the day"]),
        SanitizerCase(
            name: "trailing commas",
            input: #"[{"question":"Q1?","answer":"A1",},{"question":"Q2?","answer":"A2"},]"#, outcome: .repaired,
            count: 2, repairs: [.trailingCommas]),
        SanitizerCase(
            name: "comments stripped, URL with // survives",
            input: """
                [ // the cards
                  {"question": "Where are the docs?", "answer": "https://example.com/a//b?x=/*y*/"}, /* second */
                  {"question": "Q2?", "answer": "A2"} // done
                ]
                """,
            outcome: .repaired, count: 2, repairs: [.comments], answers: ["https://example.com/a//b?x=/*y*/", "A2"]),
        SanitizerCase(
            name: "python dict repr",
            input:
                #"[{'question': 'What's the capital of Italy?', 'answer': 'Rome', 'explanation': None}, {'question': 'Is Rome old?', 'answer': True, 'type': 'tf'}]"#,
            outcome: .repaired, count: 2, repairs: [.singleQuotes, .pythonLiterals],
            questions: ["What's the capital of Italy?", "Is Rome old?"], answers: ["Rome", "True"],
            explanations: [nil, nil]),
        SanitizerCase(
            name: "python escaped apostrophe", input: #"[{'question': 'It\'s what?', 'answer': 'Yes it is'}]"#,
            outcome: .repaired, count: 1, repairs: [.singleQuotes], questions: ["It's what?"]),
        SanitizerCase(
            name: "LaTeX delimiters are invalid escapes and survive",
            input: #"[{"question":"Solve \(x^2 = 4\)","answer":"\(x = \pm 2\)"}]"#, outcome: .repaired, count: 1,
            repairs: [.invalidEscapes], questions: [#"Solve \(x^2 = 4\)"#], answers: [#"\(x = \pm 2\)"#]),
        SanitizerCase(
            name: "frac is LaTeX, not a form feed",
            input: #"[{"question":"What is \frac{1}{2} + \frac{1}{2}?","answer":"1"}]"#, outcome: .repaired, count: 1,
            repairs: [.latexEscapes], questions: [#"What is \frac{1}{2} + \frac{1}{2}?"#]),
        SanitizerCase(
            name: "Greek letters, nabla and sqrt survive, real newline stays",
            input: #"[{"question":"Symbols?","answer":"$\nabla f$, \theta, \beta, \rho, \tau, \sqrt{2}\nNext line"}]"#,
            outcome: .repaired, count: 1, repairs: [.invalidEscapes, .latexEscapes],
            answers: [#"$\nabla f$, \theta, \beta, \rho, \tau, \sqrt{2}"# + "\nNext line"]),
        SanitizerCase(
            name: "unknown command inside math keeps its backslash",
            input: #"[{"question":"Half?","answer":"$\tfracx + \nuance$ then\nnew"}]"#, outcome: .repaired, count: 1,
            repairs: [.latexEscapes], answers: [#"$\tfracx + \nuance$ then"# + "\nnew"]),
        SanitizerCase(
            name: "raw newline inside a string", input: "[{\"question\":\"Q?\",\"answer\":\"line 1\nline 2\"}]",
            outcome: .repaired, count: 1, repairs: [.controlCharacters], answers: ["line 1\nline 2"]),
        SanitizerCase(
            name: "unescaped inner quotes",
            input: #"[{"question":"What did Caesar mean by "veni, vidi, vici" at Zela?","answer":"A quick victory"}]"#,
            outcome: .repaired, count: 1, repairs: [.innerQuotes],
            questions: [#"What did Caesar mean by "veni, vidi, vici" at Zela?"#]),
        SanitizerCase(
            name: "missing commas between objects and members",
            input: "[\(Cards.one) \(Cards.two)\n{\"question\":\"Q3?\"\n\"answer\":\"A3\"}]", outcome: .repaired,
            count: 3, repairs: [.missingCommas]),
        SanitizerCase(
            name: "unquoted keys", input: #"[{question: "Q1?", answer: "A1", card_type: "definition"}]"#,
            outcome: .repaired, count: 1, repairs: [.unquotedKeys], kinds: [.definition]),
        SanitizerCase(
            name: "NDJSON", input: "\(Cards.one)\n\(Cards.two)\n\(Cards.three)\n", outcome: .repaired, count: 3,
            repairs: [.ndjson], questions: Cards.questions),
        SanitizerCase(
            name: "several fenced arrays are concatenated",
            input: "Part 1:\n```json\n[\(Cards.one),\(Cards.two)]\n```\nPart 2:\n```json\n[\(Cards.three)]\n```",
            outcome: .repaired, count: 3, repairs: [.codeFence, .surroundingProse, .multipleValues],
            questions: Cards.questions),
        SanitizerCase(
            name: "truncated in the middle of the third object",
            input: "[\(Cards.one),\(Cards.two),{\"question\":\"Q3?\",\"answ",
            truncated: true, outcome: .partial, count: 2, repairs: [.truncation], dropped: [.truncated: 1],
            questions: Array(Cards.questions.prefix(2))),
        SanitizerCase(
            name: "truncation detected without the flag",
            input: "[\(Cards.one),\(Cards.two),{\"question\":\"Q3?\",\"answer\":\"The answer is", outcome: .partial,
            count: 2, repairs: [.truncation], dropped: [.truncated: 1]),
        SanitizerCase(
            name: "truncated in the explanation after a complete question and answer keeps the card",
            input: "[\(Cards.one),{\"question\":\"What is H2O?\",\"answer\":\"Water\",\"explanation\":\"It is made of",
            truncated: true, outcome: .partial, count: 2, repairs: [.truncation], dropped: [:],
            questions: ["What is 2+2?", "What is H2O?"]),
        SanitizerCase(
            name: "a card cut off with an empty answer is still truncated",
            input: "[\(Cards.one),{\"question\":\"What is H2O?\",\"answer\":\" \",\"explanation\":\"It is",
            outcome: .partial, count: 1, repairs: [.truncation], dropped: [.truncated: 1]),
        SanitizerCase(
            name: "truncated right after a complete object", input: "[\(Cards.one),\(Cards.two),", truncated: true,
            outcome: .partial, count: 2, repairs: [.truncation], dropped: [:]),
        SanitizerCase(
            name: "truncated inside an unclosed fence",
            input: "```json\n[\(Cards.one),\(Cards.two),{\"question\":\"Q3", truncated: true, outcome: .partial,
            count: 2, repairs: [.codeFence, .truncation], dropped: [.truncated: 1]),
        SanitizerCase(
            name: "truncated wrapper", input: "{\"cards\":[\(Cards.one),{\"question\":\"Q2?\",\"answer\":\"A",
            outcome: .partial,
            count: 1, dropped: [.truncated: 1]),
        SanitizerCase(
            name: "truncated mid escape", input: "[\(Cards.one),{\"question\":\"Q2 \\u00", outcome: .partial, count: 1,
            dropped: [.truncated: 1]),
        SanitizerCase(
            name: "flag says truncated but the JSON is complete", input: "[\(Cards.one)]", truncated: true,
            outcome: .partial, count: 1, repairs: [], dropped: [:]),
        SanitizerCase(
            name: "broken middle object is skipped, its neighbours salvaged",
            input:
                #"[{"question":"Q1?","answer":"A1"}, {"question": "Q2?", "answer": ###}, {"question":"Q3?","answer":"A3"}]"#,
            outcome: .partial, count: 2, dropped: [.malformed: 1], questions: ["Q1?", "Q3?"]),
        SanitizerCase(
            name: "smart quotes and trailing comma in a fence with prose",
            input: "Cards:\n```\n[{“question”: “Q1?”, “answer”: “A1”,},]\n```",
            outcome: .repaired, count: 1, repairs: [.codeFence, .surroundingProse, .smartQuotes, .trailingCommas]),
        SanitizerCase(
            name: "leading comment is no prose", input: "// cards\n[\(Cards.one)]", outcome: .repaired, count: 1,
            repairs: [.comments]),
        SanitizerCase(
            name: "typographic single quotes as delimiters, apostrophe in content",
            input:
                "[{\u{2018}question\u{2019}: \u{2018}Who won?\u{2019}, \u{2018}answer\u{2019}: \u{2018}It\u{2019}s Rome\u{2019}}]",
            outcome: .repaired, count: 1, repairs: [.smartQuotes], answers: ["It\u{2019}s Rome"]),
        SanitizerCase(
            name: "truncated NDJSON", input: "\(Cards.one)\n\(Cards.two)\n{\"question\": \"What is", outcome: .partial,
            count: 2, repairs: [.ndjson, .truncation], dropped: [.truncated: 1]),
        SanitizerCase(
            name: "nested arrays", input: "[[\(Cards.one)],[\(Cards.two),\(Cards.three)]]", outcome: .strict, count: 3,
            repairs: []),
        SanitizerCase(
            name: "markdown list is no JSON", input: "1. **Q:** Who founded Rome?\n   **A:** Romulus\n",
            outcome: .fallback, count: 0, repairs: [], dropped: [:]),
        SanitizerCase(
            name: "fenced JSON inside a string field",
            input: #"{"output": "```json\n[{\"question\": \"Q?\", \"answer\": \"A\"}]\n```"}"#, outcome: .repaired,
            count: 1, repairs: [.codeFence, .jsonString], questions: ["Q?"]),
    ]
}
