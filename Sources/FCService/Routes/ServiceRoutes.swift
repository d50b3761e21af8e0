/// Every route of the API, in one list the router is built from (the OpenAPI test reads the router's own route
/// table, ``BuiltService/routes``, and compares that with `docs/openapi.json`).
package enum ServiceRoutes {
    package static func all(_ environment: ServiceEnvironment) -> [Route] {
        OperationsRoutes.routes(environment) + TopicRoutes.routes(environment) + FeedRoutes.routes(environment)
            + ReviewRoutes.routes(environment) + SessionRoutes.routes(environment)
            + SessionControlRoutes.routes(environment) + ProfileRoutes.routes(environment)
            + CardRoutes.routes(environment) + CardSelectionRoutes.routes(environment)
            + CardImageRoutes.routes(environment) + BookmarkRoutes.routes(environment) + DeckRoutes.routes(environment)
            + GenerationRoutes.routes(environment) + GamificationRoutes.routes(environment)
            + AccountRoutes.routes(environment) + PersonalTokenRoutes.routes(environment)
            + ReminderRoutes.routes(environment) + PushRoutes.routes(environment)
    }
}
