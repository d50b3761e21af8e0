import FCContract
import FCCore
import FCDeckFormats
import Hummingbird

/// The members of a card create or edit body, read strictly (a wrong type is a 400 naming the member).
///
/// A side that is absent is not given (an edit keeps it); `"explanation": null` (or `""`) removes the explanation,
/// as `card edit --no-explanation` does. `options` and `correct` (from 0) are an mcq card's options and the
/// position of the correct one (``CardChoicesRead`` turns them into ``FCCore/CardChoices``).
struct CardInput {
    static let createFields: Set<String> = [
        "question", "answer", "explanation", "kind", "options", "correct", "reverse",
    ]
    static let editFields: Set<String> = [
        "question", "answer", "explanation", "kind", "options", "correct", "alsoTwin",
    ]

    var question: String?
    var answer: String?
    /// `.some(nil)`: remove it.
    var explanation: String??
    var kind: CardKind?
    /// An mcq card's options, in the order shown.
    var options: [String]?
    /// The position of the correct option, from 0.
    var correct: Int?
    /// `reverse` on create, `alsoTwin` on edit.
    var twin = false

    init(_ body: JSONBody, twinField: String) throws {
        question = try Self.text(body, "question")
        answer = try Self.text(body, "answer")
        switch body.members["explanation"] {
        case nil: explanation = nil
        case .null?: explanation = .some(nil)
        default: explanation = .some(try Self.text(body, "explanation"))
        }
        switch body.members["kind"] {
        case nil: kind = nil
        case .string(let text)? where CardKind(rawValue: text) != nil: kind = CardKind(rawValue: text)
        default:
            throw Problem.badRequest(
                "\"kind\" must be one of \(CardKind.allCases.map(\.rawValue).joined(separator: ", "))", field: "kind")
        }
        switch body.members["options"] {
        case nil: options = nil
        case .array(let items)?:
            options = try items.map {
                guard case .string(let text) = $0 else {
                    throw Problem.badRequest("\"options\" must be an array of strings", field: "options")
                }
                return text
            }
        default: throw Problem.badRequest("\"options\" must be an array of strings", field: "options")
        }
        correct = try body.integer("correct", in: 0...Int64(Int32.max)).map { Int($0) }
        switch body.members[twinField] {
        case nil: twin = false
        case .bool(let flag)?: twin = flag
        default: throw Problem.badRequest("\"\(twinField)\" must be true or false", field: twinField)
        }
    }

    private static func text(_ body: JSONBody, _ name: String) throws -> String? {
        switch body.members[name] {
        case nil: return nil
        case .string(let text)?: return text
        default: throw Problem.badRequest("\"\(name)\" must be a string", field: name)
        }
    }
}
