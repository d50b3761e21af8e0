import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Who a reminder round reminds (`Reminders.claimDue`): a learner with a push subscription and cards due, from
/// their local time to just under ``Reminders/window`` minutes after it, once a local day, and not when they have
/// studied that day.
struct ReminderClaimTests {
    /// A learner with one card failed at the harness's start (due again within the day), a push subscription and a
    /// reminder at `time` UTC; the harness's clock stays at the start.
    static func learner(remindedAt time: String) async throws -> StudyHarness {
        let harness = try await StudyHarness()
        let (_, cards) = try await harness.topic("Rome", cards: 1)
        try await harness.service.recorder.record(
            userID: harness.user.id, cardID: cards[0].id, rating: .fail, at: harness.time.date)
        _ = try await Reminders.subscribe(
            on: harness.store, userID: harness.user.id, endpoint: "https://push.example/one", p256dh: "key",
            auth: "auth")
        try await Reminders.set(on: harness.store, userID: harness.user.id, time: ReminderTime(time), timeZone: "UTC")
        return harness
    }

    /// The learners `claimDue` hands over at `instant`.
    static func claimed(_ harness: StudyHarness, at instant: Date) async throws -> [Reminders.Claimed] {
        var claimed: [Reminders.Claimed] = []
        let count = try await Reminders.claimDue(on: harness.store, at: instant) { claimed.append($0) }
        #expect(count == claimed.count)
        return claimed
    }

    @Test func aReminderIsClaimedFromItsTimeForUnderAnHourAndOnceADay() async throws {
        // The start is 22:13 UTC; the next day's 10:00 is when the reminder is set for.
        let harness = try await Self.learner(remindedAt: "10:00")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ReminderZone.utc
        let nextDay = calendar.startOfDay(for: harness.time.date).addingTimeInterval(86_400)
        let ten = nextDay.addingTimeInterval(10 * 3_600)
        #expect(try await Self.claimed(harness, at: ten.addingTimeInterval(-60)).isEmpty, "a minute early")
        #expect(
            try await Self.claimed(harness, at: ten.addingTimeInterval(Double(Reminders.window) * 60)).isEmpty,
            "an hour late is too late")
        let claimed = try await Self.claimed(harness, at: ten.addingTimeInterval(Double(Reminders.window - 1) * 60))
        #expect(claimed == [Reminders.Claimed(userID: harness.user.id, dueCards: 1)])
        #expect(try await Self.claimed(harness, at: ten.addingTimeInterval(30 * 60)).isEmpty, "once a day")
        #expect(try await Reminders.reminder(on: harness.store, userID: harness.user.id)?.sentDay != nil)
        // The next local day it is the learner's again.
        let again = try await Self.claimed(harness, at: ten.addingTimeInterval(86_400))
        #expect(again.map(\.userID) == [harness.user.id])
    }

    @Test func aLearnerWhoStudiedTodayOrHasNoSubscriptionIsNotReminded() async throws {
        let harness = try await Self.learner(remindedAt: "22:30")
        // 22:30 on the start's day: the card was failed at 22:13 the same local day.
        let instant = harness.time.date.addingTimeInterval(17 * 60 + 5 * 60)
        #expect(try await Self.claimed(harness, at: instant).isEmpty, "studied today")
        #expect(try await Reminders.reminder(on: harness.store, userID: harness.user.id)?.sentDay == nil)
        // The next day the card is due and nothing was studied, but without a browser there is nobody to remind.
        #expect(
            try await Reminders.unsubscribe(
                on: harness.store, userID: harness.user.id, endpoint: "https://push.example/one"))
        #expect(try await Self.claimed(harness, at: instant.addingTimeInterval(86_400)).isEmpty)
        _ = try await Reminders.subscribe(
            on: harness.store, userID: harness.user.id, endpoint: "https://push.example/two", p256dh: "key",
            auth: "auth")
        let claimed = try await Self.claimed(harness, at: instant.addingTimeInterval(86_400 + 60))
        #expect(claimed.map(\.userID) == [harness.user.id], "subscribed again: reminded")
    }
}
