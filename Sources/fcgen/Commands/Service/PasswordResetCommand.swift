import ArgumentParser
import FCCommandLine
import FCContract
import FCPipeline
import FCService
import FCStore
import Foundation
import Logging

/// `fcgen password-reset create`: a one-use link that sets a learner's password in the web app, for a learner who
/// forgot theirs or has tokens only (`fcgen token create`) and wants to sign in with a password.
struct PasswordResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password-reset",
        abstract: "Create one-use links that set a learner's password in the web app.",
        discussion: """
            A reset link is shown once, when it is created; only its SHA-256 is stored. It sets the password of \
            the learner named by --user once, before it expires (1 day unless --expires says otherwise), and signs \
            out every browser of that learner. A new link for the same learner voids the older ones.
              fcgen password-reset create --user ana --public-url https://cards.example.org   # prints the link
              fcgen password-reset create --user ana --expires 2h
            """,
        subcommands: [PasswordResetCreateCommand.self]
    )
}

struct PasswordResetCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a reset link for a learner (--user) and print its code (or link) once."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Expire after this long, up to 7d: 1d, 12h, 90m (default 1d).", valueName: "duration"))
    var expires = "1d"

    @Option(
        help: ArgumentHelp(
            "Where learners reach fcgen serve (as serve's --public-url): print the link, not the bare code.",
            valueName: "url"))
    var publicURL: String?

    /// The longest a reset link may live: a week (it stands in for a password until it is used).
    static let longestExpiry = 7 * 86_400.0

    func validate() throws {
        guard global.user != nil else {
            throw ValidationError("--user: name the learner whose password the link sets")
        }
        guard let seconds = TokenCreateCommand.seconds(expires), seconds <= Self.longestExpiry else {
            throw ValidationError("--expires: expected a duration up to 7d such as 1d, 12h or 90m, got \"\(expires)\"")
        }
        if let publicURL, PublicURL(publicURL) == nil {
            throw ValidationError(
                "--public-url: expected an http or https URL such as https://cards.example.org, got \"\(publicURL)\"")
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            // A reset is for a database that exists, and a learner in it: it makes neither.
            let store = try await global.openStore()
            let name = global.user ?? ""
            guard let user = try await Learners.named(on: store, name) else {
                throw StoreError.userNotFound(name: name)
            }
            // The system's cryptographic generator: a reset code must not be guessable.
            var generator = SystemRandomNumberGenerator()
            let code = OneUseCode.passwordReset.newCode(using: &generator)
            let seconds = TokenCreateCommand.seconds(expires) ?? Self.longestExpiry
            let reset = try await Accounts.createPasswordReset(
                on: store, userID: user.id, hash: OneUseCode.passwordReset.hash(code),
                expiresAt: CommandIO.currentDate.addingTimeInterval(seconds))
            let link = publicURL.flatMap(PublicURL.init).map { OneUseCode.passwordReset.link(code, publicURL: $0) }
            if global.json {
                try Console.json(PasswordResetJSON(reset, user: user.name, code: code, link: link))
            } else {
                Console.out(link ?? code)
                global.logger().info(
                    "password reset \(reset.id) for \(user.name) expires \(Timestamp.format(reset.expiresAt)): shown only this once; older links voided",
                    metadata: ["event": "password_reset_created"])
            }
        }
    }
}
