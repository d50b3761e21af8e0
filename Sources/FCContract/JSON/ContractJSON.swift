import FCCore
package import Foundation

/// The one way fcgen writes a JSON document (`--json` results and error documents), so every command follows the
/// same contract (docs/json.md):
///
/// - every document is an object with `schemaVersion` (``schemaVersion``);
/// - times are RFC 3339 in UTC with milliseconds, `2026-11-23T12:00:00.000Z` (``timestamp(_:)``), wherever a
///   `Date` appears;
/// - numbers with a fraction have at most four decimals; keys are sorted; control characters are escaped
///   (``JSONWriter``).
package enum ContractJSON {
    /// The version of the documents' shapes. 2: one contract for every command (RFC 3339 times, rating words,
    /// error documents). 3: the API's spelling in every document (`topicId`, `cardIds`, `authorUrl`, …) and one card
    /// type for the command line and the API (`CardJSON`: `twinId`, `image.bytes`, …; docs/json.md, "Changes").
    package static let schemaVersion = 3

    /// `date` as the contract writes times: `2026-11-23T12:00:00.000Z`.
    package static func timestamp(_ date: Date) -> String {
        RFC3339.milliseconds(date)
    }

    /// `value` as a JSON tree, with dates as ``timestamp(_:)`` text (``JSONTreeEncoder``).
    package static func tree(_ value: some Encodable) throws -> JSONValue {
        try JSONTreeEncoder.tree(value)
    }

    /// The text of the document `value` (pretty-printed, keys sorted, fractions rounded), with ``schemaVersion``
    /// set: every document carries it, whatever type it was made from.
    package static func document(_ value: some Encodable, pretty: Bool = true) throws -> String {
        try JSONTreeEncoder.text(
            value, writer: JSONWriter(pretty: pretty), adding: ["schemaVersion": .integer(Int64(schemaVersion))])
    }
}
