/// What kind of answer a question asks for, when its question word says so: two questions asking for different
/// kinds ("Who painted the Mona Lisa?", "Where is the Mona Lisa?") never ask for the same fact.
enum AskedFor: Equatable {
    case person, time, quantity, place

    private static let timeWords: Set = ["year", "date", "century", "decade"]

    init?(_ words: [String]) {
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : ""
            switch word {
            case "who", "whom", "whose": self = .person
            case "when": self = .time
            case "where": self = .place
            case "how" where ["many", "much"].contains(next): self = .quantity
            case "what" where Self.timeWords.contains(next), "which" where Self.timeWords.contains(next): self = .time
            default: continue
            }
            return
        }
        return nil
    }

    /// Whether two questions may ask for the same fact: unless both say what they ask for, and differently.
    static func compatible(_ first: AskedFor?, _ second: AskedFor?) -> Bool {
        guard let first, let second else { return true }
        return first == second
    }
}
