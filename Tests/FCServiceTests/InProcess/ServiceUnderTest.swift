import FCCore
import FCGamification
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The service built in this process, as `fcgen serve` builds it (``buildApplication(_:store:logger:onListening:)``),
/// over a real SQLite file with one topic of cards, an admin and a learner token. Tests drive it with
/// HummingbirdTesting: `.router` for what routes do, `.live` where real sockets matter (the connection guard).
struct ServiceUnderTest {
    let database: TemporaryDatabase
    /// The PostgreSQL database served instead of the SQLite file, if any.
    let databaseURL: String?
    let store: Store
    var settings: ServiceSettings
    let adminToken: String
    let learnerToken: String
    let topicID: Int64
    let cardIDs: [Int64]
    /// Generations running at once (`fcgen serve --generations N`).
    let generations: Int
    /// How often the runner looks for generations other instances queued (``GenerationLimits/claimInterval``).
    var claimInterval: Duration = .seconds(5)
    /// How often a stream of a generation another instance runs reads the database without notifications, and while
    /// the instance listens for them (``GenerationLimits/eventPoll``, ``GenerationLimits/notifiedEventPoll``).
    var eventPolls: (plain: Duration, notified: Duration) = (.milliseconds(500), .seconds(15))

    /// - Parameters:
    ///   - seeded: Whether to store one topic ("Boundaries") of `cards` cards; without it the store is empty but
    ///     for the two learners, as a new `fcgen serve` database is (``generateOffline(topic:batches:)`` fills it).
    ///   - generations: generations running at once, `fcgen serve --generations N` (2 as there).
    ///   - now: the store's and the service's clock (a test that compares "today" before and after its work pins
    ///     its day with ``Now/runningFromNoonToday()``).
    ///   - configure: changes to the default settings (limits, timeouts) before the service is built.
    ///   - databaseURL: a PostgreSQL database to serve instead of the SQLite file (the folder still holds the
    ///     fixture's files).
    init(
        cards: Int = 3, seeded: Bool = true, generations: Int = 2, now: Now = .system, databaseURL: String? = nil,
        configure: (inout ServiceSettings) -> Void = { _ in }
    ) async throws {
        self.generations = generations
        database = await TemporaryDatabase.make()
        self.databaseURL = databaseURL
        store = try await Store.open(path: databaseURL ?? database.path, now: now)
        var settings = ServiceSettings(port: 0, rateLimit: RateLimit(burst: 1_000_000, perSecond: 1_000_000))
        settings.now = now
        settings.webApp = WebAppSettings(katexDirectory: nil)
        // bcrypt's least cost: a sign-up or sign-in takes milliseconds, not a quarter second.
        settings.passwordCost = 4
        // The connection guard's deadlines are the tests' patience unless a test of them sets its own: a starved
        // test process must not have a head or an idle connection cut (`fcgen serve`'s 10 s and 60 s).
        settings.headerTimeout = TestPatience.duration
        settings.idleTimeout = TestPatience.duration
        configure(&settings)
        self.settings = settings
        if seeded {
            let topic = try await Topics.ensure(on: store, named: "Boundaries")
            let drafts = (1...max(cards, 1)).map {
                CardDraft(question: "Boundary question \($0)?", answer: "Answer \($0)", origin: .manual)
            }
            topicID = topic.id
            cardIDs = try await BatchStorage.store(on: store, .seeded(topicID: topic.id, label: "test", cards: drafts))
                .cards.map(
                    \.id)
        } else {
            topicID = 0
            cardIDs = []
        }
        adminToken = try await Self.token(store, user: "ops", admin: true)
        learnerToken = try await Self.token(store, user: "ana", admin: false)
    }

    /// Stores `batches` batches of `topic` from the offline demo's recorded replies, through the pipeline
    /// `fcgen --topic T --batches N --offline [--kinds K]` runs (the fixture provider, the built-in prompts, default
    /// options). A topic without recordings stores fallback cards, as `--store-fallback` does.
    func generateOffline(topic: String, batches: Int, kinds: String? = nil) async throws {
        var flags = ConfigLayer()
        flags.provider = "fixture"
        flags.cardKinds = kinds
        let folder = URL(fileURLWithPath: database.directory)
        let settings = try Settings.resolve(flags, environment: [:], workingDirectory: folder)
        let factory = PipelineFactory(settings: settings, environment: [:], workingDirectory: folder)
        let pipeline = try factory.makePipeline(
            store: store, transport: StubTransport(), clock: ContinuousClock(), random: RandomSource(seed: 7),
            events: { _ in })
        _ = try await pipeline.generate(
            topic: topic, batches: batches, options: factory.generationOptions(strict: false))
    }

    /// Imports `text` (a CSV or Anki deck) into `topic` through the importer `fcgen import FILE --topic T` runs.
    func importDeck(_ text: String, topic: String, name: String = "deck.csv") async throws {
        let path = URL(fileURLWithPath: database.directory).appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        _ = try await DeckImporter.importFile(
            path: path, format: nil, topic: topic, into: store, skipBad: false, dryRun: false)
    }

    /// The topic's cards in deck order, with the members `fcgen cards --topic T --json` shows for them: `id`,
    /// `position`, `kind`, `question`, `answer` and a multiple-choice card's `choices`.
    func cliCards(topic: String) async throws -> [[String: Any]] {
        let stored = try #require(try await Topics.named(on: store, topic), "no topic \(topic)")
        return try await Cards.inTopic(on: store, topicID: stored.id).sorted { $0.position < $1.position }.map { card in
            var listed: [String: Any] = [
                "id": Int(card.id), "position": card.position, "kind": card.kind.rawValue, "question": card.question,
                "answer": card.answer,
            ]
            if let choices = card.choices {
                listed["choices"] = ["options": choices.options, "correctIndex": choices.correctIndex]
            }
            if let number = card.clozeNumber { listed["clozeNumber"] = number }
            return listed
        }
    }

    /// A second instance of this fixture's service: the same database (and folder, tokens, settings) through a store
    /// of its own, as a second `fcgen serve` on the same database has.
    init(sharing other: ServiceUnderTest, generations: Int? = nil) async throws {
        database = other.database
        databaseURL = other.databaseURL
        store = try await Store.open(path: other.databaseURL ?? other.database.path, now: other.settings.now)
        settings = other.settings
        adminToken = other.adminToken
        learnerToken = other.learnerToken
        topicID = other.topicID
        cardIDs = other.cardIDs
        self.generations = generations ?? other.generations
        claimInterval = other.claimInterval
        eventPolls = other.eventPolls
    }

    /// This fixture, over the same store, with other settings: for settings that name files in its folder (made
    /// after the fixture), as `fcgen serve --katex-dir` does.
    func with(_ configure: (inout ServiceSettings) -> Void) -> ServiceUnderTest {
        var copy = self
        configure(&copy.settings)
        return copy
    }

    /// A new token for `user` (made a learner if new).
    func token(user: String, admin: Bool = false) async throws -> String {
        try await Self.token(store, user: user, admin: admin)
    }

    /// A new token for `user`, stored hashed as `fcgen token create` stores it.
    static func token(_ store: Store, user: String, admin: Bool) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let secret = TokenCodec.newToken(using: &generator)
        _ = try await store.write("test token") { db in
            let stored = try await Learners.ensure(named: user, in: db)
            return try await APITokens.create(
                NewAPIToken(
                    userID: stored.id, hash: TokenCodec.hash(secret), prefix: TokenCodec.prefix(of: secret),
                    isAdmin: admin, createdAt: store.now().unixMilliseconds, expiresAt: nil),
                in: db)
        }
        return secret
    }

    /// The application, built fresh (each test framework run starts its own) by ``buildApplication(_:store:logger:onListening:)``,
    /// as `fcgen serve` builds it.
    func application() -> some ApplicationProtocol { built().application }

    /// The service as ``buildApplication(_:store:logger:onListening:)`` assembles it: its environment (for the
    /// generation runner) and the application.
    func built(
        logger: Logger = Self.quietLogger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> BuiltService<some ApplicationProtocol> {
        var configuration = ServiceConfiguration(settings: settings, gamificationSeed: 1, shuffleSeed: 2)
        configuration.generationLimits = GenerationLimits(
            running: generations, claimInterval: claimInterval, eventPoll: eventPolls.plain,
            notifiedEventPoll: eventPolls.notified)
        return buildApplication(configuration, store: store, logger: logger, onListening: onListening)
    }

    /// A logger that says only what is critical.
    static var quietLogger: Logger {
        var logger = Logger(label: "fcgen-serve-test")
        logger.logLevel = .critical
        return logger
    }
}
