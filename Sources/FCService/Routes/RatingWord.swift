import FCContract
import FCCore
import Foundation

/// Ratings as the JSON contract writes them (`again`, `hard`, `good`, `easy`), read from words or `1`–`4`.
enum RatingWord {
    static func word(_ rating: Rating) -> String {
        switch rating {
        case .fail: "again"
        case .difficult: "hard"
        case .good: "good"
        case .easy: "easy"
        }
    }

    static func parse(_ value: JSONValue?, field: String) throws -> Rating {
        switch value {
        case .string(let text):
            switch text.lowercased() {
            case "again", "fail": return .fail
            case "hard", "difficult": return .difficult
            case "good": return .good
            case "easy": return .easy
            default: break
            }
        case .integer(let grade):
            if let rating = Rating(fsrsGrade: Int(grade)) { return rating }
        case nil, .null?:
            throw Problem.badRequest("\"\(field)\" is required", field: field)
        default: break
        }
        throw Problem.badRequest("\"\(field)\" must be again, hard, good, easy or 1–4", field: field)
    }
}

/// RFC 3339 times with or without fractional seconds.
enum RFC3339Parser {
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
