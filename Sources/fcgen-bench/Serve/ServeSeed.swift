import FCCore
import FCGamification
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation

/// The seeded store of ``ServeBenchmark``: topics of cards (every other one of each topic's first 10 with a picture),
/// learners with a token each.
struct ServeSeed: Sendable {
    var tokens: [String]
    var userIDs: [Int64]
    var firstTopicID: Int64
    var topicCount: Int
    var firstCardID: Int64
    var cardCount: Int

    /// Seeds `database` (a file path or PostgreSQL URL): `topics` topics of `cards` cards each, `learners` learners
    /// each with a learner token. Only the tokens' hashes are stored, as `fcgen token create` does.
    static func make(database: String, learners: Int, topics: Int, cards: Int) async throws -> ServeSeed {
        let store = try await Store.open(path: database, now: .system)
        var topicIDs: [Int64] = []
        var cardIDs: [Int64] = []
        for index in 1...topics {
            let topic = try await Topics.ensure(on: store, named: "Serve topic \(index)")
            let drafts = (1...cards).map {
                CardDraft(question: "Topic \(index) question \($0)?", answer: "Answer \($0)", origin: .manual)
            }
            topicIDs.append(topic.id)
            let stored = try await BatchStorage.store(
                on: store, .seeded(topicID: topic.id, label: "bench", cards: drafts)
            ).cards
                .map(\.id)
            cardIDs += stored
            try await picture(
                stored.prefix(picturedPrefix).enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element),
                topic: index, in: store)
        }
        var generator = SystemRandomNumberGenerator()
        let secrets = (0..<learners).map { _ in TokenCodec.newToken(using: &generator) }
        let userIDs = try await store.write("seed learners") { db in
            var ids: [Int64] = []
            for (index, secret) in secrets.enumerated() {
                let user = try await Learners.ensure(named: "learner\(index)", in: db)
                _ = try await APITokens.create(
                    NewAPIToken(
                        userID: user.id, hash: TokenCodec.hash(secret), prefix: TokenCodec.prefix(of: secret),
                        isAdmin: false, createdAt: store.now().unixMilliseconds, expiresAt: nil),
                    in: db)
                ids.append(user.id)
            }
            return ids
        }
        guard let firstTopic = topicIDs.min(), let firstCard = cardIDs.min(),
            topicIDs.max() == firstTopic + Int64(topics - 1), cardIDs.max() == firstCard + Int64(cardIDs.count - 1)
        else { throw BenchmarkFailure("seeded ids are not contiguous") }
        return ServeSeed(
            tokens: secrets, userIDs: userIDs, firstTopicID: firstTopic, topicCount: topics, firstCardID: firstCard,
            cardCount: cardIDs.count)
    }

    /// How many of each topic's first cards (those a new learner's feed shows first) are looked at for a picture:
    /// every other one gets its topic's, so the feed's cards and their pictures are read as in a deck with pictures.
    static let picturedPrefix = 10

    /// Gives the cards `ids` of topic number `topic` that topic's picture (a one-pixel PNG of its own), in one write.
    private static func picture(_ ids: [Int64], topic: Int, in store: Store) async throws {
        let bytes = TestPictures.png(text: "Serve topic \(topic)")
        let image = NewImage(hash: SHA256Hex.of(bytes), mimeType: "image/png", bytes: bytes)
        try await store.write("seed pictures") { db in
            try await db.storeImage(image)
            for id in ids {
                let card = try await db.card(id: id)
                try await db.updateCardRow(
                    id: id, topicID: card.topicID, kind: card.kind, question: card.question, answer: card.answer,
                    explanation: card.explanation, imageHash: image.hash, choices: card.choices, side: "card")
            }
        }
    }

    /// A fresh database on the PostgreSQL server of `url` (any database named in it is only the way in, as for
    /// `fcgen-bench engines`); returns its URL.
    static func createPostgresDatabase(on url: String) async throws -> String {
        let scheme = url.range(of: "://").map { $0.upperBound } ?? url.startIndex
        let server = url[scheme...].firstIndex(of: "/").map { String(url[..<$0]) } ?? url
        let name = "fcgen_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let connection = try await PostgresSQLConnection.connect(to: try PostgresTarget(url: server + "/postgres"))
        do {
            try await connection.execute("CREATE DATABASE \(name)", operation: "create the benchmark database")
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
        return server + "/" + name
    }

    /// The feed's reads and single gamified reviews straight on the store, one after another, in this process:
    /// what the HTTP figures compare against.
    static func inProcessRates(database: String, seed: ServeSeed) async throws -> (feeds: Double, reviews: Double) {
        let store = try await Store.open(path: database, now: .system)
        let random = RandomSource(seed: 7)
        let rounds = 2_000
        let clock = ContinuousClock()
        let feedStart = clock.now
        for _ in 0..<rounds {
            let user = seed.userIDs[random.int(in: 0...(seed.userIDs.count - 1))]
            let topic = seed.firstTopicID + Int64(random.int(in: 0...(seed.topicCount - 1)))
            _ = try await store.read { db in
                try await db.feed(userID: user, topicID: topic, until: Date(), limit: 10).cards.count
            }
        }
        let feeds = Double(rounds) / (clock.now - feedStart).seconds
        let recorder = ReviewRecorder(store: store, gamifier: Gamifier(random: RandomSource(seed: 42)), now: .system)
        let reviewStart = clock.now
        for _ in 0..<rounds {
            let user = seed.userIDs[random.int(in: 0...(seed.userIDs.count - 1))]
            let card = seed.firstCardID + Int64(random.int(in: 0...(seed.cardCount - 1)))
            try await recorder.record(userID: user, cardID: card, rating: .good, at: Date())
        }
        let reviews = Double(rounds) / (clock.now - reviewStart).seconds
        return (feeds, reviews)
    }
}
