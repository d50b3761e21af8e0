import FCCommandLine
import FCCore
import FCDeckFormats
import Hummingbird

/// The members of a card create or edit body, read strictly (a wrong type is a 400 naming the member).
///
/// A side that is absent is not given (an edit keeps it); `"explanation": null` (or `""`) removes the explanation,
/// as `card edit --no-explanation` does.
struct CardInput {
    static let createFields: Set<String> = ["question", "answer", "explanation", "kind", "reverse"]
    static let editFields: Set<String> = ["question", "answer", "explanation", "kind", "alsoTwin"]

    var question: String?
    var answer: String?
    /// `.some(nil)`: remove it.
    var explanation: String??
    var kind: CardKind?
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
        case .string(let text)? where CardKind(storable: text) != nil: kind = CardKind(storable: text)
        default:
            throw Problem.badRequest(
                "\"kind\" must be one of \(CardKind.storable.map(\.rawValue).joined(separator: ", "))", field: "kind")
        }
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
