public import Foundation

/// When a learner's event (a review, a session answer, a batch of answers synced from a device) may be dated.
///
/// Times can come from outside: `fcgen review --at`, `fcgen session answer --at`, an app syncing answers given
/// offline, the HTTP API. A time in the future would date the learner's state there: the card's last review, the
/// gamification day (everything before it is then ignored as a replay, so XP, streaks and challenges freeze until
/// that day comes). A time before the card existed is a review of nothing. So every use case that records a
/// learner's event checks its time here, whoever calls it:
///
/// - later than now by more than ``clockSkewAllowance``: refused;
/// - later than now by at most the allowance (a client clock running a little ahead): recorded as *now*, so no
///   state is ever dated in the future;
/// - before the card was created: refused;
/// - before the learner's last review of the card: refused when the caller gave the time; a time read from the
///   clock (the caller gave none) is moved up to that last review instead (``ReviewRecorder``), since it can only
///   be behind it because a concurrent review of the card committed first.
///
/// A time in the future is a usage error (the CLI's exit 64, HTTP 400); one before the card or its last review is
/// input data that does not fit what is stored (``isBadInput``: exit 65, HTTP 422 `bad_input`).
///
/// ```swift
/// let time = try EventTime.notInFuture(claimed, now: now())   // then, with the card: try EventTime.check(…)
/// ```
public enum EventTime {
    /// How far ahead of this machine's clock a client's clock may run: 5 minutes. Phones and laptops keep time
    /// by NTP to well within a second, but a device that was offline for days can drift by minutes; more than
    /// this is no longer a clock but a wrong (or forged) date.
    public static let clockSkewAllowance: TimeInterval = 5 * 60

    /// The time to record for an event claimed at `time`: `time` itself, or `now` when it lies at most
    /// ``clockSkewAllowance`` ahead.
    ///
    /// - Throws: ``PipelineError/eventTime(_:)`` when `time` is further ahead.
    public static func notInFuture(_ time: Date, now: Date) throws(PipelineError) -> Date {
        guard time > now else { return time }
        guard time.timeIntervalSince(now) <= clockSkewAllowance else {
            throw .eventTime(EventTimeViolation(time: time, now: now, problem: .inFuture))
        }
        return now
    }

    /// Refuses a review of card `cardID` dated before the card was created.
    ///
    /// - Throws: ``PipelineError/eventTime(_:)``.
    static func check(_ time: Date, cardID: Int64, createdAt: Date, now: Date) throws(PipelineError) {
        guard time >= createdAt else {
            throw .eventTime(
                EventTimeViolation(
                    time: time, now: now, problem: .beforeCardCreated(cardID: cardID, createdAt: createdAt)))
        }
    }

    /// The time to record for a review of card `cardID` at `time`, given the learner's last review of it: `time`
    /// when it is not before `lastReview`; else `lastReview` for a time read from the clock (`fromClock`), which
    /// only a concurrent review that committed first can have overtaken.
    ///
    /// - Throws: ``PipelineError/eventTime(_:)`` for a time the caller gave that is before the last review: the
    ///   log stays in time order.
    static func notBeforeLastReview(
        _ time: Date, fromClock: Bool, cardID: Int64, lastReview: Date?, now: Date
    ) throws(PipelineError) -> Date {
        guard let lastReview, time < lastReview else { return time }
        guard fromClock else {
            throw .eventTime(
                EventTimeViolation(
                    time: time, now: now, problem: .beforeLastReview(cardID: cardID, lastReview: lastReview)))
        }
        return lastReview
    }
}

/// A learner's event dated outside the allowed range (see ``EventTime``).
public struct EventTimeViolation: Sendable, Hashable, CustomStringConvertible {
    /// Which end of the range was crossed.
    public enum Problem: Sendable, Hashable {
        /// After now, beyond the clock-skew allowance.
        case inFuture
        /// Before the card existed.
        case beforeCardCreated(cardID: Int64, createdAt: Date)
        /// Before the learner's last review of the card (a time the caller gave).
        case beforeLastReview(cardID: Int64, lastReview: Date)
    }

    /// Where the time came from, as the caller names it to the user: `--at` on the command line, a field name in
    /// an API; `time` unless a caller renames it (``named(_:)``).
    public var field = "time"
    /// The time given.
    public var time: Date
    /// The clock's time when the event was checked.
    public var now: Date
    public var problem: Problem
    /// The answer's position in a batch (``ReviewRecorder/record(_:)``), so a front end can name it
    /// (`reviews[2].at`); `nil` for a single answer.
    public var index: Int?

    /// Whether the time is input that does not fit what is stored (before the card, before its last review), not
    /// a time no answer can have (in the future): the CLI's `bad_input` (exit 65), HTTP 422, rather than `usage`.
    public var isBadInput: Bool {
        switch problem {
        case .inFuture: false
        case .beforeCardCreated, .beforeLastReview: true
        }
    }

    /// The same violation, reported for the input `field` (such as `--at`).
    public func named(_ field: String) -> EventTimeViolation {
        var renamed = self
        renamed.field = field
        return renamed
    }

    /// The latest time accepted.
    public var latest: Date { now.addingTimeInterval(EventTime.clockSkewAllowance) }

    /// E.g. `--at 2030-01-01T00:00:00Z is in the future: allowed up to 2026-11-23T13:05:00Z (now plus 5 minutes
    /// of clock skew)`.
    public var description: String {
        let minutes = Int(EventTime.clockSkewAllowance / 60)
        let upper = "\(Self.format(latest)) (now plus \(minutes) minutes of clock skew)"
        switch problem {
        case .inFuture:
            return "\(field) \(Self.format(time)) is in the future: allowed up to \(upper)"
        case .beforeCardCreated(let cardID, let createdAt):
            return "\(field) \(Self.format(time)) is before card \(cardID) existed: allowed from "
                + "\(Self.format(createdAt)) (when the card was created) up to \(upper)"
        case .beforeLastReview(let cardID, let lastReview):
            return "\(field) \(Self.format(time)) is before the learner's last review of card \(cardID): allowed "
                + "from \(Self.format(lastReview)) (that review) up to \(upper)"
        }
    }

    /// RFC 3339 in UTC, to the second, or to the millisecond when the time has a fraction.
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let hasFraction = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0
        formatter.formatOptions =
            hasFraction ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
