import FCCore
import Foundation

/// The `batches.dropped_json` column: a JSON object from drop reason to count, keys sorted, e.g.
/// `{"duplicate_in_topic":2,"too_long":1}`.
enum DroppedCounts {
    /// Encodes by hand: keys are fixed snake_case raw values that need no escaping and values are integers, and
    /// this runs once per stored batch, where `JSONEncoder` would cost more than the batch's inserts.
    static func encode(_ dropped: [DropReason: Int]) -> String {
        var json = "{"
        for (index, reason) in dropped.keys.sorted().enumerated() {
            if index > 0 { json += "," }
            json += "\"\(reason.rawValue)\":\(dropped[reason] ?? 0)"
        }
        return json + "}"
    }

    /// Decodes the column. Unknown reasons are skipped, so a database written by a newer fcgen still reads.
    ///
    /// - Returns: `nil` when the text is not a JSON object of integers.
    static func decode(_ json: String) -> [DropReason: Int]? {
        guard let raw = try? JSONDecoder().decode([String: Int].self, from: Data(json.utf8)) else { return nil }
        var dropped: [DropReason: Int] = [:]
        for (key, count) in raw {
            if let reason = DropReason(rawValue: key) { dropped[reason] = count }
        }
        return dropped
    }
}
