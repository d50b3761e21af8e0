import ArgumentParser
import FCCore

/// The one rating scale of the CLI and its JSON: the words `again`, `hard`, `good`, `easy`, or the numbers 1–4
/// (FSRS's grades). The store keeps 0–3; nothing outside it shows that scale.
extension Rating {
    /// `again`, `hard`, `good`, `easy`, `1`–`4`; also the older words `fail` and `difficult` and the keys
    /// `learn` offers (`a`/`f`, `h`/`d`, `g`, `e`); `nil` for anything else.
    init?(word: String) {
        switch word.lowercased() {
        case "again", "a", "fail", "f", "1": self = .fail
        case "hard", "h", "difficult", "d", "2": self = .difficult
        case "good", "g", "3": self = .good
        case "easy", "e", "4": self = .easy
        default: return nil
        }
    }

    /// Parses `--rating`.
    static func parse(_ text: String) throws -> Rating {
        guard let rating = Rating(word: text) else {
            throw ValidationError("unknown rating \"\(text)\": use again, hard, good or easy (or 1-4)")
        }
        return rating
    }

    /// The rating's word: `again`, `hard`, `good`, `easy`.
    var word: String {
        switch self {
        case .fail: "again"
        case .difficult: "hard"
        case .good: "good"
        case .easy: "easy"
        }
    }

    /// The rating's number on the CLI's scale, 1 (again) to 4 (easy).
    var number: Int { rawValue + 1 }
}

/// A mean rating on the CLI's 1–4 scale, from the store's 0–3 mean.
func displayedAverageRating(_ storedMean: Double?) -> Double? {
    storedMean.map { $0 + 1 }
}
