import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `--tz`: the time zone for commands where a day matters.
struct TimeZoneOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Time zone for calendar days (IANA name).",
            discussion: "Default: the learner's stored zone, else UTC (never the machine's).", valueName: "zone"))
    var tz: String?
}

/// What a study command works with: the store, the learner, their calendar and the study service.
struct StudyContext {
    let store: Store
    let user: User
    let day: StudyDay
    let service: StudyService
    /// Gamification reads and box opening for the learner.
    let game: GamificationService

    init(global: GlobalOptions, timeZone: String? = nil) async throws {
        store = try await global.openStore()
        user = try await Learners.ensure(on: store, named: global.user ?? User.defaultName)
        day = try StudyDay(override: timeZone, stored: user.timeZone)
        // The CLI is where randomness enters: the libraries only draw from the source they are given.
        let gamifier = Gamifier(random: RandomSource(seed: UInt64.random(in: 0...UInt64.max)))
        service = StudyService(store: store, now: CommandIO.now, gamifier: gamifier)
        game = GamificationService(store: store, gamifier: gamifier, now: CommandIO.now)
    }

    /// The topics named, in order; every topic when `names` is empty.
    func topics(_ names: [String], global: GlobalOptions) async throws -> [TopicRef] {
        if names.isEmpty { return try await Topics.summaries(on: store).map { TopicRef(id: $0.id, name: $0.name) } }
        var topics: [TopicRef] = []
        for name in names {
            let topic = try await global.requireTopic(name, in: store)
            topics.append(TopicRef(id: topic.id, name: topic.name))
        }
        return topics
    }
}

/// A topic's id and name.
struct TopicRef: Encodable {
    var id: Int64
    var name: String
}

/// Parses `--at` values: ISO 8601 with a zone ("2024-03-10T12:00:00Z", "…+01:00"), fractional seconds allowed.
func parseInstant(_ text: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    throw ValidationError("--at: expected an ISO 8601 time such as 2024-03-10T12:00:00Z, got \"\(text)\"")
}

/// Runs `body`, reporting a review time outside the allowed range (``EventTimeViolation``) as the value of `flag`,
/// so the message names what the user typed (exit 64 for a time in the future, 65 for one before the card or its
/// last review).
func namingTimeFlag<T>(_ flag: String, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch PipelineError.eventTime(let violation) {
        throw PipelineError.eventTime(violation.named(flag))
    }
}
