import Foundation

/// Deterministic collections of model replies for the sanitizer benchmark.
enum ReplyCorpus {
    static let topic = "Roman history"

    /// `count` distinct strict `{"cards":[…]}` replies of `cardsPerReply` cards each, their subjects those of
    /// ``CardTextGenerator`` indexes from `firstCard` on.
    static func clean(count: Int, cardsPerReply: Int = 15, seed: UInt64 = 1, firstCard: Int = 0) -> [CorpusReply] {
        replies(count: count, cardsPerReply: cardsPerReply, seed: seed, firstCard: firstCard) { _ in .strict }
    }

    /// `count` generated replies cycling through the messy ``ReplyStyle``s, then the fixture replies repeated so
    /// that they weigh about as much as one style.
    static func messy(count: Int, cardsPerReply: Int = 15, seed: UInt64 = 2) throws -> [CorpusReply] {
        let styles = ReplyStyle.messy
        let generated = replies(count: count, cardsPerReply: cardsPerReply, seed: seed) { styles[$0 % styles.count] }
        let fixtures = try fixtureReplies()
        let repeats = max(1, count / styles.count / fixtures.count)
        return generated + (0..<repeats).flatMap { _ in fixtures }
    }

    private static func replies(
        count: Int, cardsPerReply: Int, seed: UInt64, firstCard: Int = 0, style: (Int) -> ReplyStyle
    ) -> [CorpusReply] {
        var cards = CardTextGenerator(seed: seed)
        var renderer = ReplyRenderer(seed: seed &+ 1)
        return (0..<count).map { reply in
            let batch = (0..<cardsPerReply).map { cards.card(firstCard + reply * cardsPerReply + $0) }
            return renderer.render(batch, style: style(reply), topic: topic)
        }
    }

    /// The source tree's `fixtures/*/batch-*.json`: real replies, `choices[0].message.content` of each.
    static func fixtureReplies() throws -> [CorpusReply] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures")
        let manager = FileManager.default
        let topics = try manager.contentsOfDirectory(atPath: root.path).sorted()
        var replies: [CorpusReply] = []
        for topic in topics {
            let directory = root.appendingPathComponent(topic)
            guard let files = try? manager.contentsOfDirectory(atPath: directory.path) else { continue }
            for file in files.sorted() where file.hasPrefix("batch-") && file.hasSuffix(".json") {
                let data = try Data(contentsOf: directory.appendingPathComponent(file))
                let body = try JSONDecoder().decode(FixtureBody.self, from: data)
                guard let choice = body.choices.first else { continue }
                replies.append(
                    CorpusReply(
                        style: "fixture", text: choice.message.content ?? "", truncated: choice.finishReason == "length"
                    ))
            }
        }
        guard !replies.isEmpty else { throw BenchmarkFailure("no fixture replies under \(root.path)") }
        return replies
    }

    /// The part of an OpenAI chat completion a fixture reply is read from.
    private struct FixtureBody: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { var content: String? }
            var message: Message
            var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case message
                case finishReason = "finish_reason"
            }
        }
        var choices: [Choice]
    }
}
