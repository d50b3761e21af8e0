import ArgumentParser
import FCCommandLine
import FCPipeline
import FCService
import FCStore
import Foundation
import Logging

/// `fcgen invite create`: a one-use sign-up code for `fcgen serve --signup invite` (the default).
struct InviteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        abstract: "Create one-use sign-up invites for the web app.",
        discussion: """
            An invite is shown once, when it is created; only its SHA-256 is stored. It makes one account, before \
            it expires (7 days unless --expires says otherwise).
              fcgen invite create --public-url https://cards.example.org   # prints the link to send
              fcgen invite create --admin --expires 2d
            """,
        subcommands: [InviteCreateCommand.self]
    )
}

struct InviteCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create an invite and print its code (or link) once.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "The account it makes may also manage content, as an admin token may.")
    var admin = false

    @Option(help: ArgumentHelp("Expire after this long, up to 365d: 7d, 12h, 90m (default 7d).", valueName: "duration"))
    var expires = "7d"

    @Option(
        help: ArgumentHelp(
            "Where learners reach fcgen serve (as serve's --public-url): print a sign-up link, not the bare code.",
            valueName: "url"))
    var publicURL: String?

    /// The longest an invite may live: a year (an invite is for someone about to sign up).
    static let longestExpiry = 365 * 86_400.0

    func validate() throws {
        guard let seconds = TokenCreateCommand.seconds(expires), seconds <= Self.longestExpiry else {
            throw ValidationError(
                "--expires: expected a duration up to 365d such as 7d, 12h or 90m, got \"\(expires)\"")
        }
        if let publicURL, PublicURL(publicURL) == nil {
            throw ValidationError(
                "--public-url: expected an http or https URL such as https://cards.example.org, got \"\(publicURL)\"")
        }
    }

    /// An invite as `--json` shows it: never the code's hash.
    struct InviteJSON: Encodable {
        var id: Int64
        /// Whether the learner who signs up with it is an admin (the spelling of the sign-in answer and `/v1/me`).
        var isAdmin: Bool
        /// The same as ``isAdmin``, kept one `schemaVersion` (docs/json.md); deprecated, gone at `schemaVersion` 4.
        var admin: Bool
        var createdAt: Date
        var expiresAt: Date
    }

    /// The `--json` document: the invite, and its code (and link) this once.
    struct Created: Encodable {
        var invite: InviteJSON
        var code: String
        var link: String?
    }

    func run() async throws {
        try await global.reportingErrors {
            // An invite is for a database that exists: a mistyped --db must not become a new, empty one.
            let store = try await global.openStore()
            // The system's cryptographic generator: an invite must not be guessable.
            var generator = SystemRandomNumberGenerator()
            let code = OneUseCode.invite.newCode(using: &generator)
            let seconds = TokenCreateCommand.seconds(expires) ?? Self.longestExpiry
            let invite = try await Accounts.createInvite(
                on: store, hash: OneUseCode.invite.hash(code), isAdmin: admin,
                expiresAt: CommandIO.currentDate.addingTimeInterval(seconds))
            let link = publicURL.flatMap(PublicURL.init).map { OneUseCode.invite.link(code, publicURL: $0) }
            if global.json {
                try Console.json(
                    Created(
                        invite: InviteJSON(
                            id: invite.id, isAdmin: invite.isAdmin, admin: invite.isAdmin, createdAt: invite.createdAt,
                            expiresAt: invite.expiresAt),
                        code: code, link: link))
            } else {
                Console.out(link ?? code)
                global.logger().info(
                    "invite \(invite.id)\(admin ? " (admin)" : "") expires \(Timestamp.format(invite.expiresAt)): shown only this once",
                    metadata: ["event": "invite_created"])
            }
        }
    }
}
