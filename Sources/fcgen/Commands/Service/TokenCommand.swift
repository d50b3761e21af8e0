import ArgumentParser
import FCCommandLine
import FCContract
import FCPipeline
import FCService
import FCStore
import Foundation
import Logging

/// `fcgen token create|list|revoke`: the bearer tokens of `fcgen serve`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list and revoke the API's bearer tokens.",
        discussion: """
            A token is shown once, when it is created; only its SHA-256 is stored.
              fcgen token create --user ana              # a learner token
              fcgen token create --user ops --admin --expires 30d
              fcgen token list
              fcgen token revoke 3
            """,
        subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self]
    )
}

extension TokenJSON {
    /// One line for `list`: id, prefix, learner, role, expiry, state.
    var line: String {
        let role = admin ? "admin" : "learner"
        let expiry = expiresAt.map { "expires \(Timestamp.format($0))" } ?? "no expiry"
        let state = revokedAt.map { "revoked \(Timestamp.format($0))" } ?? "active"
        return "\(id)  \(prefix)…  \(user)  \(role)  \(expiry)  \(state)"
    }
}

struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a token for a learner (--user) and print it once.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "The token may also manage content (create, rename and delete topics).")
    var admin = false

    @Option(help: ArgumentHelp("Expire after this long: 30d, 12h, 90m.", valueName: "duration"))
    var expires: String?

    func validate() throws {
        if let expires, Self.seconds(expires) == nil {
            throw ValidationError(
                "--expires: expected a duration up to 3650d such as 30d, 12h or 90m, got \"\(expires)\"")
        }
    }

    /// The longest a token may live: ten years (a longer one is no expiry at all: leave `--expires` out).
    static let longestExpiry = 10 * 365 * 86_400.0

    /// `30d`, `12h`, `90m`, `45s` in seconds, at most ``longestExpiry``; `nil` for anything else (a number from
    /// the command line is checked before it becomes a date: `1e308d` would trap where the date is stored).
    static func seconds(_ text: String) -> Double? {
        guard let unit = text.last, let number = Double(text.dropLast()), number > 0, number <= longestExpiry else {
            return nil
        }
        let seconds: Double
        switch unit {
        case "d": seconds = number * 86_400
        case "h": seconds = number * 3_600
        case "m": seconds = number * 60
        case "s": seconds = number
        default: return nil
        }
        return seconds <= longestExpiry ? seconds : nil
    }

    func run() async throws {
        try await global.reportingErrors {
            // A token is for a database that exists: a mistyped --db must not become a new, empty one.
            let store = try await global.openStore()
            let user = try await Learners.ensure(on: store, named: global.user ?? User.defaultName)
            // The system's cryptographic generator: a token must not be guessable.
            var generator = SystemRandomNumberGenerator()
            let secret = TokenCodec.newToken(using: &generator)
            let expiresAt = expires.flatMap(Self.seconds).map { CommandIO.currentDate.addingTimeInterval($0) }
            let token = try await APITokens.create(
                on: store, userID: user.id, hash: TokenCodec.hash(secret), prefix: TokenCodec.prefix(of: secret),
                isAdmin: admin, expiresAt: expiresAt)
            if global.json {
                try Console.json(OneTokenJSON(token: TokenJSON(token), secret: secret))
            } else {
                Console.out(secret)
                global.logger().info(
                    "token \(token.id) for \(user.name)\(admin ? " (admin)" : ""): shown only this once",
                    metadata: ["event": "token_created"])
            }
        }
    }
}

struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List tokens (never the tokens).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.reportingErrors {
            let tokens = try await APITokens.list(on: global.openStore()).map { TokenJSON($0) }
            if global.json {
                try Console.json(TokenListJSON(tokens: tokens))
            } else {
                Console.out(tokens.isEmpty ? "no tokens" : tokens.map(\.line).joined(separator: "\n"))
            }
        }
    }
}

struct TokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a token: from now on it lets nothing in.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The token's id (fcgen token list).", valueName: "id"))
    var id: Int64

    func run() async throws {
        try await global.reportingErrors {
            let token = TokenJSON(try await APITokens.revoke(on: global.openStore(), id: id))
            if global.json {
                try Console.json(OneTokenJSON(token: token))
            } else {
                Console.out("revoked token \(token.id) (\(token.prefix)…, \(token.user))")
            }
        }
    }
}
