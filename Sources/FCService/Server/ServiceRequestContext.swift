package import Hummingbird
package import HummingbirdAuth
package import NIOCore
import Synchronization

/// Who is calling: the learner of the bearer token or of the sign-in session cookie, and whether it may manage
/// content. Exactly one of ``tokenID`` and ``sessionID`` is set.
package struct Identity: Sendable, Hashable {
    /// The bearer token's id, when the request carried one.
    package var tokenID: Int64?
    /// The sign-in session's id, when the request was authenticated by the session cookie.
    package var sessionID: Int64? = nil
    package var userID: Int64
    /// The learner's name (unique ignoring case).
    package var userName: String
    package var isAdmin: Bool
    /// The learner's stored time zone when the token was read (`nil`: UTC).
    package var timeZone: String? = nil
}

/// What inner middleware learns about a request that the outer request-log middleware reports: a reference, so
/// it survives the context copies the middleware chain makes.
package final class RequestFacts: Sendable {
    private let user = Mutex<Int64?>(nil)

    /// The learner the token belonged to, once authenticated.
    package var userID: Int64? {
        get { user.withLock { $0 } }
        set { user.withLock { $0 = newValue } }
    }
}

/// The request context of every route: Hummingbird's core storage, the authenticated identity, the facts, and
/// the connection's peer (``RemoteAddressRequestContext``: the sign-in limit keys on it, and Hummingbird's tracing
/// middleware would record it).
package struct ServiceRequestContext: AuthRequestContext, RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package var identity: Identity?
    package let facts = RequestFacts()
    /// The TCP peer of the request's connection (the proxy's, behind a reverse proxy).
    package let remoteAddress: SocketAddress?

    package init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        remoteAddress = source.channel.remoteAddress
    }

    /// The caller, or 401.
    package func requireLearner() throws -> Identity {
        guard let identity else { throw Problem.unauthorized("sign in, or send a bearer token") }
        return identity
    }

    /// The caller when it holds an admin token; 403 for a learner token.
    package func requireAdmin() throws -> Identity {
        let identity = try requireLearner()
        guard identity.isAdmin else { throw Problem.forbidden("this route needs an admin token") }
        return identity
    }
}
