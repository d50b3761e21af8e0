/// The reads and writes of bearer tokens (`api_tokens`), each inside the transaction a ``Store/write(_:patience:_:)``
/// (or ``Store/read(_:)``) hands out. SQL and rows only: who may create, list, revoke or use a token, and when one is
/// usable, is `APITokens`' (FCPipeline). ``Database`` implements it on both engines.
package protocol TokenRepository: ~Copyable {
    /// Inserts a token row (only its hash and prefix); its id.
    func insertAPIToken(_ token: NewAPIToken) async throws -> Int64
    /// The token with this id, with its learner's name and zone, or `nil`.
    func apiToken(id: Int64) async throws -> APIToken?
    /// The token whose hash is `hash`, revoked and expired ones included, or `nil`.
    func apiToken(hash: String) async throws -> APIToken?
    /// Every token, oldest first.
    func apiTokens() async throws -> [APIToken]
    /// The learner's tokens, oldest first (revoked and expired ones too).
    func apiTokens(userID: Int64) async throws -> [APIToken]
    /// Sets the token's `revoked_at` unless it has one (the first revocation's time stays).
    func markAPITokenRevoked(id: Int64, at time: Int64) async throws
}

extension Database: TokenRepository {}
