import FCCore
import FCGamification
import Foundation

/// Writes a ``GamificationState`` as the JSON its `Codable` conformance gives (keys sorted, dates as Unix
/// milliseconds), field by field.
///
/// Every gamified review writes its learner's state back in its transaction, on the store's one writer, so the
/// encoding bounds how many reviews a second the service records. `JSONEncoder` went through the generic `Encoder`
/// path for every field and set element: a quarter of the writer's time under `fcgen-bench serve`. No library
/// writes a known Swift type as JSON without that path, so this one is written by hand.
/// `GamificationStateWriterTests` checks that its output parses to the same JSON tree as `JSONEncoder`'s for
/// generated states (a field added to the model and not here fails it) and decodes back to the same state.
///
/// Sets are written in their iteration order, as before.
struct GamificationStateWriter {
    private(set) var bytes: [UInt8] = []

    static func json(_ state: GamificationState) throws -> String {
        var writer = GamificationStateWriter()
        writer.bytes.reserveCapacity(1_024 + (state.today?.cardIDs.count ?? 0) * 12)
        try writer.write(state)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private mutating func write(_ state: GamificationState) throws {
        open()
        key("achievements", first: true)
        open()
        for (index, (id, date)) in state.achievements.sorted(by: { $0.key.rawValue < $1.key.rawValue }).enumerated() {
            key(text: id.rawValue, first: index == 0)
            try write(date)
        }
        close()
        key("learnerID")
        write(state.learnerID)
        key("lifetime")
        write(state.lifetime)
        key("streak")
        write(state.streak)
        if let today = state.today {
            key("today")
            try write(today)
        }
        key("totalXP")
        write(Int64(state.totalXP))
        key("unopenedBoxes")
        bytes.append(UInt8(ascii: "["))
        for (index, box) in state.unopenedBoxes.enumerated() {
            if index > 0 { comma() }
            try write(box)
        }
        bytes.append(UInt8(ascii: "]"))
        close()
    }

    private mutating func write(_ lifetime: LifetimeCounters) {
        open()
        key("boxesOpened", first: true)
        write(Int64(lifetime.boxesOpened))
        key("cardsReviewed")
        write(Int64(lifetime.cardsReviewed))
        key("completedTopicIDs")
        write(lifetime.completedTopicIDs)
        key("exploredTopicIDs")
        write(lifetime.exploredTopicIDs)
        key("lateNightReviews")
        write(Int64(lifetime.lateNightReviews))
        key("perfectCards")
        write(Int64(lifetime.perfectCards))
        key("quizAnswers")
        write(Int64(lifetime.quizAnswers))
        key("sessionsFinished")
        write(Int64(lifetime.sessionsFinished))
        key("studiedTopicIDs")
        write(lifetime.studiedTopicIDs)
        close()
    }

    private mutating func write(_ streak: StreakState) {
        open()
        key("current", first: true)
        write(Int64(streak.current))
        if let day = streak.lastActiveDay {
            key("lastActiveDay")
            write(day.description)
        }
        key("longest")
        write(Int64(streak.longest))
        close()
    }

    private mutating func write(_ today: DayProgress) throws {
        open()
        key("achievementsUnlocked", first: true)
        write(Int64(today.achievementsUnlocked))
        key("boxesEarned")
        write(Int64(today.boxesEarned))
        key("cardIDs")
        write(today.cardIDs)
        key("challenges")
        bytes.append(UInt8(ascii: "["))
        for (index, challenge) in today.challenges.enumerated() {
            if index > 0 { comma() }
            try write(challenge)
        }
        bytes.append(UInt8(ascii: "]"))
        key("day")
        write(today.day.description)
        key("overriddenOnlyCardIDs")
        write(today.overriddenOnlyCardIDs)
        key("perfectCardIDs")
        write(today.perfectCardIDs)
        key("quizOnlyCardIDs")
        write(today.quizOnlyCardIDs)
        key("sessionIDs")
        write(today.sessionIDs)
        key("topicIDs")
        write(today.topicIDs)
        key("xp")
        write(Int64(today.xp))
        close()
    }

    private mutating func write(_ challenge: DailyChallenge) throws {
        open()
        if let completedAt = challenge.completedAt {
            key("completedAt", first: true)
            try write(completedAt)
            key("day")
        } else {
            key("day", first: true)
        }
        write(challenge.day.description)
        key("description")
        write(challenge.description)
        key("expiresAt")
        try write(challenge.expiresAt)
        key("kind")
        write(challenge.kind.rawValue)
        key("progress")
        write(Int64(challenge.progress))
        key("target")
        write(Int64(challenge.target))
        key("title")
        write(challenge.title)
        key("xp")
        write(Int64(challenge.xp))
        close()
    }

    private mutating func write(_ box: MysteryBox) throws {
        open()
        key("earnedAt", first: true)
        try write(box.earnedAt)
        key("id")
        write(box.id)
        key("ordinal")
        write(Int64(box.ordinal))
        key("rarity")
        write(box.rarity.rawValue)
        key("sessionID")
        write(box.sessionID)
        close()
    }

    // MARK: JSON pieces

    private mutating func open() { bytes.append(UInt8(ascii: "{")) }
    private mutating func close() { bytes.append(UInt8(ascii: "}")) }
    private mutating func comma() { bytes.append(UInt8(ascii: ",")) }

    /// `"name":`, after a comma unless it is the object's first member; `name` is one of the model's plain ASCII
    /// property names, so it needs no escaping.
    private mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { comma() }
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `"text":` for a key that is data (an achievement id): escaped like any other text.
    private mutating func key(text: String, first: Bool) {
        if !first { comma() }
        write(text)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func write(_ text: String) {
        var quoted = ""
        JSONString.quote(text, into: &quoted)
        bytes.append(contentsOf: quoted.utf8)
    }

    private mutating func write(_ ids: Set<Int64>) {
        bytes.append(UInt8(ascii: "["))
        for (index, id) in ids.enumerated() {
            if index > 0 { comma() }
            write(id)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func write(_ value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            let end = Self.writeDecimal(value, into: buffer, at: 0)
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[0..<end]))
        }
    }

    /// Writes `value` in decimal ASCII, as JSON writes an integer, at `position`; returns the position after it.
    ///
    /// Digits come out backwards by dividing by the constant 10 (a multiply once compiled) and are then reversed in
    /// place.
    static func writeDecimal(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        var position = position
        if value < 0 {
            buffer[position] = UInt8(ascii: "-")
            position += 1
        }
        var magnitude = value.magnitude
        var low = position
        repeat {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            position += 1
            magnitude /= 10
        } while magnitude > 0
        var high = position - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
        return position
    }

    /// A date as `JSONEncoder`'s `.millisecondsSince1970` writes it: a whole number without a fraction, else the
    /// shortest decimal that reads back as the same `Double`.
    private mutating func write(_ date: Date) throws {
        let milliseconds = date.timeIntervalSince1970 * 1_000
        guard milliseconds.isFinite else {
            throw PipelineError.study("a gamification date is not a finite time (\(milliseconds))")
        }
        if milliseconds == milliseconds.rounded(), abs(milliseconds) < 9_007_199_254_740_992 {
            write(Int64(milliseconds))
        } else {
            bytes.append(contentsOf: milliseconds.description.utf8)
        }
    }
}
