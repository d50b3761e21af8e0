package import Foundation

/// A learner's time zone in which it is daytime now, for tests about "today" that run at any hour of a real clock.
///
/// A test that reviews a card through a served process (whose clock is the real one) and expects it due "today"
/// fails when the card's few-minute step crosses the learner's midnight. Picking the zone whose local time is
/// nearest noon keeps every such step inside one local day.
///
/// ```swift
/// try await fixture.fcgen(["user", "set", "--user", "ana", "--tz", DaytimeZone.identifier()])
/// ```
package enum DaytimeZone {
    /// Zones without daylight saving time, six hours apart: one of them is always between 03:00 and 21:00.
    static let candidates = ["UTC", "Asia/Dhaka", "Pacific/Tarawa", "America/Mexico_City"]

    /// The candidate whose local time at `date` is nearest noon.
    package static func identifier(at date: Date = Date()) -> String {
        let distances = candidates.compactMap { name -> (String, Int)? in
            guard let zone = TimeZone(identifier: name) else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            let minutes = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
            return (name, abs(minutes - 720))
        }
        return distances.min { $0.1 < $1.1 }?.0 ?? "UTC"
    }
}
