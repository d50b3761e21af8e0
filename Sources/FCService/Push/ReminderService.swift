package import AsyncHTTPClient
package import FCCore
import FCPipeline
package import FCStore
package import Foundation
package import Logging
import ServiceLifecycle

/// What one round of ``ReminderService`` did.
package struct ReminderRound: Sendable, Hashable {
    /// Learners reminded (their day claimed) this round.
    package var learners = 0
    /// Messages the push services accepted.
    package var delivered = 0
    /// Subscriptions dropped because the push service answered 404 or 410.
    package var dropped = 0
    /// Messages that failed otherwise.
    package var failed = 0

    package init() {}
}

/// The daily reminders of `fcgen serve` (a service of its ServiceGroup): woken every minute by `clock`, it sends,
/// at or up to an hour after each learner's local reminder time, one Web Push notification per subscribed browser
/// if the learner has cards due and has not studied that local day. Who is reminded is `Reminders.claimDue`'s
/// (FCPipeline), which claims the day in the database first, so several instances on one database remind a learner
/// at most once a day.
package struct ReminderService<C: Clock>: Service, CustomStringConvertible where C.Duration == Duration {
    package let store: Store
    package let sender: WebPushSender
    /// Wall-clock time: which local minute and day it is for each learner.
    package let now: Now
    /// What wakes the service each minute; tests advance a test clock.
    package let clock: C
    package let logger: Logger
    /// Called after each round (tests wait on it; the service logs it).
    package var onRound: @Sendable (ReminderRound) -> Void = { _ in }

    package init(store: Store, sender: WebPushSender, now: Now, clock: C, logger: Logger) {
        self.store = store
        self.sender = sender
        self.now = now
        self.clock = clock
        self.logger = logger
    }

    package var description: String { "ReminderService" }

    package func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.loop() }
        } catch is CancellationError {
            // Graceful shutdown cancelled the wait for the next minute (or a round): the service is done, not failed.
        }
    }

    /// Sleeps a minute, runs a round, and again, until cancelled.
    private func loop() async throws {
        while true {
            try await clock.sleep(for: .seconds(60))
            let round = await remind(at: now())
            if round.learners > 0 || round.failed > 0 {
                logger.info(
                    "reminders sent",
                    metadata: [
                        "event": "reminders_sent", "learners": "\(round.learners)", "delivered": "\(round.delivered)",
                        "dropped": "\(round.dropped)", "failed": "\(round.failed)",
                    ])
            }
            onRound(round)
        }
    }

    /// One round at `instant`: every learner whose reminder is due gets it, once per local day.
    package func remind(at instant: Date) async -> ReminderRound {
        var round = ReminderRound()
        do {
            try await Reminders.claimDue(on: store, at: instant) { claimed in
                round.learners += 1
                let payload = Self.payload(due: claimed.dueCards)
                for subscription in try await Reminders.subscriptions(on: store, userID: claimed.userID) {
                    switch await sender.send(payload, to: subscription) {
                    case .delivered: round.delivered += 1
                    case .gone:
                        round.dropped += 1
                        try await Reminders.dropSubscription(on: store, id: subscription.id)
                    case .failed(let reason):
                        round.failed += 1
                        logger.warning(
                            "push failed", metadata: ["event": "push_failed", "reason": "\(reason)"])
                    }
                }
            }
        } catch {
            logger.error("reminder round failed", metadata: ["event": "reminders_failed", "error": "\(error)"])
        }
        return round
    }

    /// The notification the web app's service worker shows: title, body, where a tap leads, and a tag so a
    /// second reminder replaces the first.
    static func payload(due: Int) -> Data {
        let body = due == 1 ? "1 card is due." : "\(due) cards are due."
        let object: [String: Any] = [
            "title": "Time to study", "body": body + " A few minutes keep them fresh.", "url": "/#/learn",
            "tag": "fcgen-reminder",
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}

extension ReminderService {
    /// The service `fcgen serve` runs, on the environment's store, clock and push settings; the VAPID key is read
    /// (or made and stored) here.
    package static func make(
        environment: ServiceEnvironment, client: HTTPClient = .shared, clock: C, logger: Logger
    ) async throws -> ReminderService {
        let settings = environment.settings
        let vapid = try await VAPID.stored(
            in: environment.store, subject: settings.push.effectiveSubject(publicURL: settings.publicURL))
        return ReminderService(
            store: environment.store, sender: WebPushSender(client: client, vapid: vapid, now: settings.now),
            now: settings.now, clock: clock, logger: logger)
    }
}
