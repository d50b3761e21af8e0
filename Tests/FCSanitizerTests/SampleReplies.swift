import Foundation

/// The real replies in `Samples/` (recorded samples): OpenAI chat-completion response bodies.
enum SampleReplies {
    struct Reply {
        var content: String
        var truncated: Bool
    }

    struct MissingContent: Error {}

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")

    /// `choices[0].message.content`, and whether `finish_reason` was `length`.
    static func load(_ name: String) throws -> Reply {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(name).response.json"))
        guard let body = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let choice = (body["choices"] as? [[String: Any]])?.first,
            let content = (choice["message"] as? [String: Any])?["content"] as? String
        else { throw MissingContent() }
        return Reply(content: content, truncated: choice["finish_reason"] as? String == "length")
    }
}
