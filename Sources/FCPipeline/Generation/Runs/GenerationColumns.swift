package import FCCore
package import FCStore
package import Foundation

/// How the JSON columns of `generations` are written: compact, keys sorted. The API's documents of a generation
/// (FCContract) read them back.
package enum GenerationColumns {
    /// The column text of `value`.
    package static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `value` read from a column's text; `nil` when it does not read (written by a newer version, say).
    package static func read<Value: Decodable>(_ type: Value.Type, from text: String) -> Value? {
        try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}

/// The request's options as the `options_json` column keeps them: what `POST /v1/topics/{id}/generations` asked
/// beside the batch count.
package struct GenerationRequestOptions: Codable, Sendable {
    package var language: String?
    /// The request's `maxCostUsd`: the most the whole generation may spend.
    package var maxCostUsd: Double?
    /// Whether its batches go through the review pass; `nil` leaves it to the `review` setting.
    package var review: Bool?

    package init(language: String? = nil, maxCostUsd: Double? = nil, review: Bool? = nil) {
        self.language = language
        self.maxCostUsd = maxCostUsd
        self.review = review
    }

    /// The options of a stored generation; none when the column does not read.
    package init(_ stored: StoredGeneration) {
        self = GenerationColumns.read(Self.self, from: stored.optionsJSON) ?? Self()
    }

    /// The column's text.
    package func text() throws -> String {
        try GenerationColumns.text(self)
    }

    /// The language asked for, if any (and valid).
    package var languageTag: LanguageTag? { language.flatMap { LanguageTag($0) } }
}
