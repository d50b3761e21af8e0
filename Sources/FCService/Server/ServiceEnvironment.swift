package import FCCore
package import FCPipeline
package import FCStore

/// What the routes share: the store, the use cases over it, the settings and the metrics.
package struct ServiceEnvironment: Sendable {
    package let store: Store
    package let settings: ServiceSettings
    package let study: StudyService
    package let game: GamificationService
    package let metrics: ServiceMetrics
    /// Shuffles free-practice and quiz sessions; the executable seeds it.
    package let random: RandomSource
    /// Attempts a refill job the feed enqueues gets before it is dead (as `fcgen-worker`'s default).
    package var refillAttempts = 3
    /// The generations, in the database: this instance's side of them (``GenerationRunner`` runs them).
    package var generations: GenerationRegistry
    /// The generation event streams open now, at most ``ServiceSettings/maxEventStreams``.
    package let eventStreams: EventStreamSlots
    /// Failed sign-ins per client address: wrong bearer tokens, passwords and invites share one budget.
    package let signInFailures: SignInFailureLimiter
    /// Failed password sign-ins per account name.
    package let accountFailures: AccountFailureLimiter
    /// bcrypt at ``ServiceSettings/passwordCost``.
    package let passwords: PasswordHasher

    /// - Parameter gamifier: decides rewards; the executable seeds its randomness (libraries only draw from it).
    package init(
        store: Store, settings: ServiceSettings, gamifier: Gamifier, metrics: ServiceMetrics, random: RandomSource
    ) {
        self.random = random
        self.store = store
        self.settings = settings
        study = StudyService(store: store, now: settings.now, gamifier: gamifier)
        game = GamificationService(store: store, gamifier: gamifier, now: settings.now)
        self.metrics = metrics
        generations = GenerationRegistry(store: store, now: settings.now)
        eventStreams = EventStreamSlots(limit: settings.maxEventStreams)
        signInFailures = SignInFailureLimiter(limit: settings.signInFailureLimit, now: settings.now)
        accountFailures = AccountFailureLimiter(limit: settings.accountFailureLimit, now: settings.now)
        passwords = PasswordHasher(cost: settings.passwordCost)
    }

    var now: Now { settings.now }

    /// The learner's calendar: their stored time zone, else UTC (what "due today" means for them), as the token's
    /// read found it (no second read per request).
    func day(of identity: Identity) async throws -> StudyDay {
        try StudyDay(stored: identity.timeZone)
    }
}
