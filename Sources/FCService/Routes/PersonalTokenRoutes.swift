import FCContract
import FCCore
import FCPipeline
import Foundation
import HTTPTypes
import Hummingbird

/// A learner's own bearer tokens, for their apps and scripts (the Me screen): list, create (the secret shown once,
/// stored as its SHA-256 like `fcgen token create`'s) and revoke. Personal tokens are learner tokens: admin tokens
/// stay the operator's (`fcgen token create --admin`).
enum PersonalTokenRoutes {
    static let createFields: Set<String> = ["expiresInDays"]

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        return [
            Route(.get, "/v1/me/tokens", .learner) { _, context in
                let identity = try context.requireLearner()
                let tokens = try await APITokens.list(on: store, userID: identity.userID)
                return try JSONResponse.make(TokenListJSON(tokens: tokens.map(TokenJSON.init)))
            },
            Route(.post, "/v1/me/tokens", .learner) { request, context in
                let identity = try context.requireLearner()
                let body = try await JSONBody.read(
                    request, allowed: createFields, maxBytes: environment.settings.maxBodyBytes)
                let days = try body.integer("expiresInDays", in: 1...3_650)
                // A secret: from the system's cryptographic generator, never a seeded one.
                var generator = SystemRandomNumberGenerator()
                let secret = TokenCodec.newToken(using: &generator)
                let token = try await APITokens.create(
                    on: store, userID: identity.userID, hash: TokenCodec.hash(secret),
                    prefix: TokenCodec.prefix(of: secret),
                    isAdmin: false, expiresAt: days.map { environment.now().addingTimeInterval(Double($0) * 86_400) })
                return try JSONResponse.make(
                    OneTokenJSON(token: TokenJSON(token), secret: secret), status: .created)
            },
            Route(.delete, "/v1/me/tokens/{id}", .learner) { request, context in
                let identity = try context.requireLearner()
                let id = try request.id(of: "token", context: context)
                do {
                    let token = try await APITokens.revoke(
                        on: store, id: id, ofLearner: identity.userID, askedWith: identity.tokenID)
                    return try JSONResponse.make(OneTokenJSON(token: TokenJSON(token)))
                } catch APITokens.Refusal.notFound {
                    // Another learner's token is not found, as any id that is not the caller's.
                    throw Problem.notFound("no token with id \(id)")
                } catch APITokens.Refusal.revokingItself {
                    throw Problem(
                        ErrorCode.conflict,
                        detail: "this request's own token cannot revoke itself; use another token or the web app")
                }
            },
        ]
    }
}
