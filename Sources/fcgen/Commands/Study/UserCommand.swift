import ArgumentParser
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen user show|set`: the learner (`--user`, default "local") and their time zone.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Show or change the learner and their time zone.",
        discussion: """
            The learner is --user NAME (default "local"), created on first use. Their time zone decides which \
            calendar day it is for them: what is due today, streaks and days practised. Without one, days are \
            UTC days (never the machine's zone); --tz on a study command overrides it for that command.

            Examples:
              fcgen user show
              fcgen user set --tz Europe/Berlin
              fcgen user set --user ana --tz America/New_York --json
              fcgen user set --no-tz
            """,
        subcommands: [UserShowCommand.self, UserSetCommand.self]
    )
}

/// A learner as `user show` and `user set` print it.
struct UserView: Encodable {
    var id: Int64
    var name: String
    /// The stored zone; `null` when none is set.
    var timeZone: String?
    /// The zone in effect: the stored one, else UTC.
    var effectiveTimeZone: String
    var createdAt: Date

    init(_ user: User) {
        id = user.id
        name = user.name
        timeZone = user.timeZone
        effectiveTimeZone = user.timeZone ?? "UTC"
        createdAt = user.createdAt
    }

    func print(json: Bool) throws {
        if json {
            try Console.json(self)
            return
        }
        Console.out(
            """
            user: \(name) (id \(id))
            time zone: \(timeZone ?? "UTC (default)")
            created: \(Timestamp.format(createdAt))
            """)
    }
}

/// `fcgen user show`: the learner's name, id and time zone.
struct UserShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the learner.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let user = try await Learners.ensure(on: store, named: global.user ?? User.defaultName)
            try UserView(user).print(json: global.json)
        }
    }
}

/// `fcgen user set --tz ZONE | --no-tz`: store (or clear) the learner's time zone.
struct UserSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set or clear the learner's time zone.")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("An IANA time zone name, e.g. Europe/Berlin or UTC.", valueName: "zone"))
    var tz: String?

    @Flag(help: "Clear the time zone (days are UTC days again).")
    var noTz = false

    func validate() throws {
        if tz != nil, noTz { throw ValidationError("give either --tz or --no-tz") }
        guard let tz else {
            if !noTz { throw ValidationError("nothing to change: give --tz ZONE or --no-tz") }
            return
        }
        if let problem = Learners.timeZoneProblem(tz) { throw ValidationError("--tz: \(problem)") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openOrCreateStore()
            let user = try await Learners.ensure(on: store, named: global.user ?? User.defaultName)
            try await Learners.setTimeZone(on: store, noTz ? nil : tz, userID: user.id)
            let updated = try await Learners.ensure(on: store, named: user.name)
            try UserView(updated).print(json: global.json)
        }
    }
}
