import Foundation

/// OpenAI chat-completion replies for the loopback stub whose cards no other reply repeats, so a topic that gets
/// many batches keeps every card: the store's dedup and the sanitizer's near-duplicate rule drop nothing.
///
/// Each question is built from four words picked by the reply's and the card's number, plus a number of its own;
/// two questions share at most the two fixed words unless all four picks agree, far below the 0.6 similarity at
/// which the sanitizer calls a question a near-duplicate. Answers use other words than their question, so no answer
/// leaks into it.
enum UniqueCardReplies {
    private static let things = [
        "grain", "harbour", "aqueduct", "calendar", "census", "coinage", "treaty", "granary", "lighthouse", "bridge",
        "library", "forum", "garrison", "senate", "theatre", "market", "temple", "archive", "canal", "quarry",
        "mint", "tollgate", "arsenal", "bathhouse", "courthouse", "dockyard", "vineyard", "mill", "observatory",
    ]
    private static let people = [
        "magistrate", "admiral", "scribe", "merchant", "architect", "governor", "priestess", "envoy", "surveyor",
        "tribune", "censor", "engineer", "poet", "banker", "physician", "general", "judge", "astronomer", "potter",
        "weaver", "brewer", "navigator", "cartographer", "sculptor", "herald", "quaestor", "steward", "chronicler",
    ]
    private static let places = [
        "Gaul", "Britannia", "Egypt", "Hispania", "Dacia", "Sicily", "Syria", "Ostia", "Carthage", "Athens", "Rhodes",
        "Antioch", "Massilia", "Corinth", "Pergamon", "Alexandria", "Ravenna", "Noricum", "Raetia", "Pannonia",
        "Thrace", "Cyrene", "Numidia", "Galatia", "Lycia", "Cappadocia", "Mauretania", "Sardinia", "Corsica",
    ]
    private static let answers = [
        "copper", "marble", "cedar", "linen", "amber", "salt", "ivory", "bronze", "papyrus", "wool", "olive", "tin",
    ]

    /// The body of reply `number`: a chat completion whose content is `cards` cards as `{"cards": [...]}`.
    static func body(number: Int, cards: Int) -> String {
        let drafts = (0..<cards).map { index -> [String: String] in
            let seed = number &* 7919 &+ index &* 104_729
            let pick = { (list: [String], salt: Int) in list[abs((seed &* (salt &+ 31)) >> 3) % list.count] }
            let question =
                "Which \(pick(things, 1)) did the \(pick(people, 2)) of \(pick(places, 3)) reform in "
                + "\(pick(people, 4))-year \(number * 100 + index)?"
            return [
                "question": question, "answer": "\(pick(answers, 5).capitalized) \(pick(answers, 6))",
                "type": "question",
            ]
        }
        let content = json(["cards": drafts])
        return json([
            "id": "chatcmpl-unique-\(number)", "object": "chat.completion", "model": "stub-model",
            "choices": [
                ["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": content]]
            ],
            "usage": ["prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30],
        ])
    }

    private static func json(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
