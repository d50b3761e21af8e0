package import Hummingbird
import HummingbirdCore
package import Logging
import NIOCore

/// Builds the HTTP service: the router from ``ServiceRoutes``, the middleware, and the Hummingbird application.
///
/// Middleware, outermost first: the request log and metrics (they see every request, also unknown routes), the
/// problem middleware (every error becomes `application/problem+json`), and on the `/v1` routes the token and
/// session authenticator (401, the per-address limit of failed sign-ins and the per-token rate limit 429, the
/// cross-origin check of cookie requests 403) and the admin check (403).
package enum ServiceServer {
    /// The router with every route of ``ServiceRoutes/all(_:)``.
    package static func router(_ environment: ServiceEnvironment, logger: Logger) -> Router<ServiceRequestContext> {
        let routes = ServiceRoutes.all(environment)
        let router = Router(context: ServiceRequestContext.self)
        router.add(middleware: RequestLogMiddleware(logger: logger, metrics: environment.metrics))
        router.add(middleware: ProblemMiddleware(logger: logger, routes: RouteMethods(routes)))
        let authenticated = router.group().add(
            middleware: TokenAuthenticator(
                store: environment.store,
                limiter: RateLimiter(limit: environment.settings.rateLimit, now: environment.now),
                failures: environment.signInFailures, now: environment.now,
                publicURL: environment.settings.publicURL))
        for route in routes {
            let handler = route.handler
            switch route.access {
            case .open:
                router.on(RouterPath(route.path), method: route.method) { request, context in
                    try await handler(request, context)
                }
            case .learner:
                authenticated.on(RouterPath(route.path), method: route.method) { request, context in
                    try await handler(request, context)
                }
            case .admin:
                authenticated.on(RouterPath(route.path), method: route.method) { request, context in
                    _ = try context.requireAdmin()
                    return try await handler(request, context)
                }
            }
        }
        // Last: the web app's files, and KaTeX's folder as middleware that only the router's 404 passes through.
        WebAppRoutes.register(on: router, settings: environment.settings.webApp)
        return router
    }

    /// The application answering with `router` (``router(_:logger:)``): a ServiceLifecycle service that stops
    /// accepting on graceful shutdown and lets in-flight requests finish.
    ///
    /// - Parameter onListening: called once the socket accepts connections, with the bound port (the real one
    ///   when the settings ask for port 0).
    package static func application(
        router: Router<ServiceRequestContext>, _ environment: ServiceEnvironment, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void
    ) -> Application<RouterResponder<ServiceRequestContext>> {
        let settings = environment.settings
        let limits = ConnectionLimits(maxConnections: settings.maxConnections, headerTimeout: settings.headerTimeout)
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(limits: limits, logger: logger)],
            idleTimeout: .init(settings.idleTimeout))
        return Application(
            router: router,
            server: .http1(configuration: http),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: nil,
                // Past the guard's 503s the server stops accepting at all, so a flood cannot take every descriptor.
                availableConnectionsDelegate: MaximumAvailableConnections(settings.maxConnections + 64)),
            onServerRunning: { channel in
                await onListening(channel.localAddress?.port ?? settings.port)
            },
            logger: logger)
    }
}
