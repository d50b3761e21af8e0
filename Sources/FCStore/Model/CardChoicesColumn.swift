import FCCore
import Foundation

/// The `cards.choices_json` column: ``FCCore/CardChoices`` as JSON, NULL for a card without options.
enum CardChoicesColumn {
    static func encode(_ choices: CardChoices?) throws -> String? {
        guard let choices else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(choices), as: UTF8.self)
    }

    /// Reads the column; a value that is no valid set of options (see ``FCCore/CardChoices/make(_:correctIndex:)``)
    /// is a corrupt row.
    static func decode(_ json: String?, cardID: Int64) throws -> CardChoices? {
        guard let json else { return nil }
        guard let choices = try? JSONDecoder().decode(CardChoices.self, from: Data(json.utf8)) else {
            throw StoreError.corruptRow(table: "cards", column: "choices_json", rowID: cardID)
        }
        return choices
    }
}
