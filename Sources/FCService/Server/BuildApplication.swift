package import FCCore
package import FCPipeline
package import FCStore
package import HTTPTypes
package import Hummingbird
package import Logging

/// What the service is made of besides its store, chosen by `fcgen serve`'s flags or by a test.
package struct ServiceConfiguration: Sendable {
    /// Address, limits, timeouts, the web app.
    package var settings: ServiceSettings
    /// Generations running here at once, waiting at most, their leases and how long finished ones are kept.
    package var generationLimits = GenerationLimits()
    /// Seeds the rewards' randomness and the shuffles of practice sessions; the executable draws them, a test fixes
    /// them (libraries never draw randomness of their own).
    package var gamificationSeed: UInt64
    package var shuffleSeed: UInt64

    package init(settings: ServiceSettings, gamificationSeed: UInt64, shuffleSeed: UInt64) {
        self.settings = settings
        self.gamificationSeed = gamificationSeed
        self.shuffleSeed = shuffleSeed
    }
}

/// The service assembled: its shared state (for what runs beside it, the generation runner), the Hummingbird
/// application (a ServiceLifecycle service), and the route table of the router the application answers with.
package struct BuiltService<App: ApplicationProtocol> {
    package let environment: ServiceEnvironment
    package let application: App
    /// Every method and path the router answers, as Hummingbird lists them (`Router.routes`): read from the router
    /// itself, so a test comparing it with `docs/openapi.json` sees what the server serves, not a list kept beside
    /// it.
    package let routes: [RoutedPath]
}

/// One entry of the router's route table: a method and a path template (`/v1/topics/{id}`).
package struct RoutedPath: Hashable, Sendable, CustomStringConvertible {
    package var method: HTTPRequest.Method
    /// The template as the router prints it: `{name}` for a parameter, `*` and `**` for wildcards.
    package var path: String

    package var description: String { "\(method.rawValue) \(path)" }
}

/// Builds the service over `store`: the one function `fcgen serve` and the in-process tests call (the shape of the
/// Hummingbird examples' `buildApplication`), so what a test drives is what the server runs.
///
/// - Parameters:
///   - logger: Where request lines go (JSON lines in `fcgen serve`, for log shippers).
///   - onListening: Called once the socket accepts connections, with the bound port.
package func buildApplication(
    _ configuration: ServiceConfiguration, store: Store, logger: Logger,
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) -> BuiltService<some ApplicationProtocol> {
    var environment = ServiceEnvironment(
        store: store, settings: configuration.settings,
        gamifier: Gamifier(random: RandomSource(seed: configuration.gamificationSeed)), metrics: ServiceMetrics(),
        random: RandomSource(seed: configuration.shuffleSeed))
    environment.generations = GenerationRegistry(
        store: store, limits: configuration.generationLimits, now: configuration.settings.now)
    let router = ServiceServer.router(environment, logger: logger)
    let routes = router.routes.map { RoutedPath(method: $0.method, path: $0.path.description) }
    let application = ServiceServer.application(
        router: router, environment, logger: logger, onListening: onListening)
    return BuiltService(environment: environment, application: application, routes: routes)
}
