/// One column value of a learning-state row, whatever its type.
package enum StateValue: Sendable, Codable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}

extension Database {
    /// Every learner's state rows for the topic's cards, by card id, as column → value; `nil` when the database
    /// has no study tables yet.
    ///
    /// Read generically (`SELECT *`) so an export carries whatever the study schema records, without this code
    /// knowing its columns.
    package func learningState(topicID: Int64) async throws -> [Int64: [[String: StateValue]]]? {
        guard try await hasColumn(table: "card_states", column: "card_id") else { return nil }
        let statement = try connection.freshStatement(
            for: """
                SELECT s.* FROM card_states s JOIN cards c ON c.id = s.card_id WHERE c.topic_id = \(topicID)
                ORDER BY s.card_id
                """,
            operation: "read learning state")
        var states: [Int64: [[String: StateValue]]] = [:]
        while try await statement.step() {
            var row: [String: StateValue] = [:]
            var cardID: Int64 = 0
            for (index, type) in statement.columnTypes.enumerated() {
                let column = Int32(index)
                let name = statement.columnName(at: column)
                let value: StateValue =
                    switch type {
                    case 1: .integer(statement.int64(at: column))
                    case 2: .real(statement.double(at: column))
                    case 5: .null
                    default: .text(statement.string(at: column))
                    }
                if name == "card_id", case .integer(let id) = value { cardID = id }
                row[name] = value
            }
            states[cardID, default: []].append(row)
        }
        return states
    }
}

extension Store {

    package func learningState(topicID: Int64) async throws -> [Int64: [[String: StateValue]]]? {
        try await read { try await $0.learningState(topicID: topicID) }
    }
}
