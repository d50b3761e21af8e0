import FCCore
import FCStore
import Foundation
import Hummingbird

/// The deck listing's filter parameters (`GET /v1/topics/{id}/cards`), each checked on its own: a value out of its
/// set or range is a 400 naming the parameter, before anything is read.
enum CardFilterQuery {
    /// The filter of `request`'s query; `dueBy` is the end of the learner's day, which `due=` compares with.
    ///
    /// - `q`: trimmed; empty (or only blanks) means no text condition; at most ``CardFilter/maximumTextLength``
    ///   characters, without control characters.
    /// - `kind`: a card kind; `flag`: `bookmarked`, `buried` or `suspended`; `due`, `suspended`: `true` or `false`.
    static func filter(of request: Request, dueBy: Date) throws -> CardFilter {
        let query = request.uri.queryParameters
        var filter = CardFilter(dueBy: dueBy)
        switch query.get("q").flatMap(CardFilter.searchText) {
        case .success(let text)?: filter.text = text
        case .failure(let problem)?: throw Problem.badRequest("q \(problem.message)", field: "q")
        case nil: break
        }
        filter.kind = try one(of: CardKind.self, "kind", in: query.get("kind"))
        filter.flag = try one(of: CardFilter.Flag.self, "flag", in: query.get("flag"))
        filter.due = try truth("due", query.get("due"))
        filter.suspended = try truth("suspended", query.get("suspended"))
        return filter
    }

    /// The value named `text` of `Value`'s cases, `nil` when absent; else a 400 listing the cases.
    private static func one<Value: RawRepresentable & CaseIterable>(
        of type: Value.Type, _ name: String, in text: String?
    ) throws -> Value? where Value.RawValue == String {
        guard let text else { return nil }
        guard let value = Value(rawValue: text) else {
            let cases = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw Problem.badRequest("\(name) must be one of \(cases)", field: name)
        }
        return value
    }

    /// `true` or `false`, `nil` when absent; anything else (an empty value too) is a 400 naming the parameter.
    private static func truth(_ name: String, _ text: String?) throws -> Bool? {
        switch text {
        case nil: nil
        case "true": true
        case "false": false
        default: throw Problem.badRequest("\(name) must be true or false", field: name)
        }
    }
}
