import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird

/// Accounts (docs/api.md, "Accounts"): sign-up and sign-in with a name and a password, which start a sign-in
/// session (the `fcgen_session` cookie, ``SessionCookie``); signing out here or everywhere; changing the password;
/// setting it with an operator's reset link (`fcgen password-reset create`), which signs the learner in.
///
/// Failed sign-ins are limited per client address (shared with wrong bearer tokens) and per account name; both
/// budgets are asked before the password is checked. Passwords travel only in request bodies, which are never
/// logged; the store keeps bcrypt hashes and the SHA-256 of session ids, invite and reset codes.
enum AccountRoutes {
    static let signUpFields: Set<String> = ["name", "password", "invite"]
    static let signInFields: Set<String> = ["name", "password"]
    static let passwordFields: Set<String> = ["currentPassword", "newPassword"]
    static let resetFields: Set<String> = ["code", "newPassword"]

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let settings = environment.settings
        return [
            Route(.post, "/v1/signup", .open) { request, context in
                guard settings.signUp != .closed else {
                    throw Problem(
                        .signUpRefused, detail: "sign-up is closed on this server; ask its operator for an account")
                }
                try CrossOriginCheck.verify(request, publicURL: settings.publicURL, strict: false)
                let body = try await JSONBody.read(request, allowed: signUpFields, maxBytes: settings.maxBodyBytes)
                let name = try AccountRules.name(body)
                let password = try AccountRules.password(body, "password", isNew: true)
                let invite = try body.members["invite"] == nil ? nil : body.string("invite")
                if settings.signUp == .invite && invite == nil {
                    throw Problem.badRequest(
                        "\"invite\" is required: this server takes new accounts by invite only", field: "invite")
                }
                let address = ClientAddress(context.remoteAddress)
                try refuseWhileLimited(environment, address: address, account: nil)
                let hash = try await environment.passwords.hash(password)
                let account: StoredCredentials
                do {
                    account = try await Accounts.signUp(
                        on: environment.store, name: name, passwordHash: hash,
                        inviteHash: invite.map(OneUseCode.invite.hash))
                } catch AccountError.nameTaken {
                    throw Problem(.conflict, detail: "the name \"\(name)\" is taken; choose another", field: "name")
                } catch AccountError.inviteUnusable {
                    // Guessing invite codes costs the address's sign-in budget, as guessing tokens does.
                    environment.signInFailures.recordFailure(from: address)
                    throw Problem(
                        .signUpRefused, detail: "the invite is unknown, used already or expired", field: "invite")
                }
                return try await signedIn(environment, account, status: .created)
            },
            Route(.post, "/v1/signin", .open) { request, context in
                try CrossOriginCheck.verify(request, publicURL: settings.publicURL, strict: false)
                let body = try await JSONBody.read(request, allowed: signInFields, maxBytes: settings.maxBodyBytes)
                let name = try AccountRules.name(body)
                let password = try AccountRules.password(body, "password", isNew: false)
                let address = ClientAddress(context.remoteAddress)
                let key = name.lowercased()
                try refuseWhileLimited(environment, address: address, account: key)
                let account = try await Accounts.credentials(on: environment.store, named: name)
                // Verified even for an unknown name (against the hasher's decoy), so the time taken does not tell
                // which names exist.
                let verified = try await environment.passwords.verify(password, against: account?.passwordHash)
                guard let account, verified else {
                    environment.signInFailures.recordFailure(from: address)
                    environment.accountFailures.recordFailure(from: key)
                    throw Problem.unauthorized("the name or the password is wrong")
                }
                return try await signedIn(environment, account, status: .ok)
            },
            Route(.post, "/v1/signout", .learner) { _, context in
                let identity = try context.requireLearner()
                if let session = identity.sessionID {
                    try await Accounts.signOut(on: environment.store, sessionID: session)
                }
                return try signedOut(settings, ended: identity.sessionID == nil ? 0 : 1)
            },
            Route(.post, "/v1/signout-everywhere", .learner) { _, context in
                let identity = try context.requireLearner()
                let ended = try await Accounts.signOutEverywhere(on: environment.store, userID: identity.userID)
                return try signedOut(settings, ended: ended)
            },
            Route(.post, "/v1/me/password", .learner) { request, context in
                let identity = try context.requireLearner()
                let body = try await JSONBody.read(request, allowed: passwordFields, maxBytes: settings.maxBodyBytes)
                let new = try AccountRules.password(body, "newPassword", isNew: true)
                // Checked whenever sent, also when there is no password to compare it with.
                let given =
                    body.members["currentPassword"] == nil
                    ? nil : try AccountRules.password(body, "currentPassword", isNew: false)
                // A learner with a password proves it; one with tokens only sets a first one with the token.
                if let stored = try await Accounts.credentials(on: environment.store, userID: identity.userID) {
                    guard let current = given else {
                        throw Problem.badRequest("\"currentPassword\" is required", field: "currentPassword")
                    }
                    let address = ClientAddress(context.remoteAddress)
                    let key = stored.userName.lowercased()
                    try refuseWhileLimited(environment, address: address, account: key)
                    guard try await environment.passwords.verify(current, against: stored.passwordHash) else {
                        environment.signInFailures.recordFailure(from: address)
                        environment.accountFailures.recordFailure(from: key)
                        throw Problem(.forbidden, detail: "the current password is wrong", field: "currentPassword")
                    }
                }
                // Whoever knew the old password is signed out; this browser stays signed in.
                let ended = try await Accounts.setPassword(
                    on: environment.store, userID: identity.userID,
                    passwordHash: try await environment.passwords.hash(new), keepingSession: identity.sessionID)
                return try JSONResponse.make(SessionsEnded(sessionsEnded: ended))
            },
            Route(.post, "/v1/account/password-reset", .open) { request, context in
                // A page of another site could otherwise sign a learner in as someone else (login CSRF).
                try CrossOriginCheck.verify(request, publicURL: settings.publicURL, strict: false)
                let body = try await JSONBody.read(request, allowed: resetFields, maxBytes: settings.maxBodyBytes)
                let code = try body.string("code").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !code.isEmpty, code.count <= OneUseCode.maxCharacters else {
                    throw Problem.badRequest(
                        "\"code\" must have 1 to \(OneUseCode.maxCharacters) characters", field: "code")
                }
                let new = try AccountRules.password(body, "newPassword", isNew: true)
                let address = ClientAddress(context.remoteAddress)
                try refuseWhileLimited(environment, address: address, account: nil)
                let hash = try await environment.passwords.hash(new)
                let account: StoredCredentials
                do {
                    account = try await Accounts.resetPassword(
                        on: environment.store, codeHash: OneUseCode.passwordReset.hash(code), passwordHash: hash)
                } catch AccountError.resetUnusable {
                    // Guessing codes costs the address's sign-in budget, as guessing tokens and invites does.
                    environment.signInFailures.recordFailure(from: address)
                    throw Problem(
                        .resetRefused,
                        detail: "the reset link is unknown, used already, replaced by a newer one or expired; "
                            + "ask the operator for a new one",
                        field: "code")
                }
                // Every earlier session ended with the reset; this browser starts the one new session.
                return try await signedIn(environment, account, status: .ok)
            },
        ]
    }

    /// `429` with `Retry-After` while the address's or the account's budget of failed sign-ins is spent.
    private static func refuseWhileLimited(
        _ environment: ServiceEnvironment, address: ClientAddress, account: String?
    ) throws {
        let waits = [
            environment.signInFailures.retryAfter(for: address),
            account.flatMap { environment.accountFailures.retryAfter(for: $0) },
        ].compactMap(\.self)
        guard let wait = waits.max() else { return }
        throw Problem.rateLimited("too many failed sign-in attempts; retry in \(wait) s", retryAfter: wait)
    }

    /// Starts a sign-in session for `account`: the answer sets the cookie and says who is signed in until when.
    private static func signedIn(
        _ environment: ServiceEnvironment, _ account: StoredCredentials, status: HTTPResponse.Status
    ) async throws -> Response {
        let now = environment.now()
        let expiresAt = now.addingTimeInterval(Double(environment.settings.sessionLifetime.components.seconds))
        // A secret: from the system's cryptographic generator, never a seeded one.
        var generator = SystemRandomNumberGenerator()
        let id = SessionCookie.newID(using: &generator)
        try await Accounts.startSession(
            on: environment.store, userID: account.userID, hash: SessionCookie.hash(id), expiresAt: expiresAt)
        var response = try JSONResponse.make(
            SignedIn(
                user: SignedIn.User(id: account.userID, name: account.userName, isAdmin: account.isAdmin),
                expiresAt: expiresAt),
            status: status)
        response.headers[.setCookie] = SessionCookie.setting(
            id, expiresAt: expiresAt, now: now, secure: environment.settings.publicURL?.isHTTPS ?? false)
        return response
    }

    /// The answer of a sign-out: how many sessions ended, and the cookie forgotten.
    private static func signedOut(_ settings: ServiceSettings, ended: Int) throws -> Response {
        var response = try JSONResponse.make(SessionsEnded(sessionsEnded: ended))
        response.headers[.setCookie] = SessionCookie.clearing(secure: settings.publicURL?.isHTTPS ?? false)
        return response
    }
}

/// `POST /v1/signup`, `/v1/signin` and `/v1/account/password-reset`: who is signed in, and until when (the cookie
/// itself is not in the body).
struct SignedIn: Encodable {
    struct User: Encodable {
        var id: Int64
        var name: String
        var isAdmin: Bool
    }

    var user: User
    var expiresAt: Date
}

/// A sign-out or a password change: how many sign-in sessions it ended.
struct SessionsEnded: Encodable {
    var sessionsEnded: Int
}
