import FCGamification
import Foundation
import Testing

/// Local days: parsing, arithmetic, and conversion with explicit zones (DST days are 23 and 25 hours).
struct LocalDayTests {
    @Test func parsesAndPrintsISODays() throws {
        let parsed = try #require(LocalDay("2026-03-08"))
        #expect(parsed.year == 2026 && parsed.month == 3 && parsed.day == 8)
        #expect(parsed.description == "2026-03-08")
        #expect(LocalDay("2026-02-30") == nil && LocalDay("2026-3-8") == nil && LocalDay("nope") == nil)
        #expect(LocalDay(ordinal: 0).description == "1970-01-01")
        #expect(day("2024-02-28").next.description == "2024-02-29")
        #expect(day("2024-12-31").next.description == "2025-01-01")
        #expect(day("2026-03-01").previous.description == "2026-02-28")
        #expect(day("2026-01-01").distance(to: day("2027-01-01")) == 365)
    }

    @Test("years 0001 to 9999 only; the extremes of Int are refused before any arithmetic")
    func yearsFromOutsideAreRangeChecked() {
        #expect(LocalDay("0001-01-01") == LocalDay.earliest && LocalDay.earliest.description == "0001-01-01")
        #expect(LocalDay("9999-12-31") == LocalDay.latest && LocalDay.latest.description == "9999-12-31")
        #expect(LocalDay("0000-01-01") == nil && LocalDay("-001-01-01") == nil)
        for year in [Int.min, Int.min + 1, -1, 0, 10_000, Int.max] {
            #expect(LocalDay(year: year, month: 1, day: 1) == nil, "\(year)")
        }
    }

    @Test func codesAsAString() throws {
        let data = try JSONEncoder().encode([day("2026-11-01")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-11-01\"]")
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [day("2026-11-01")])
    }

    @Test func theZoneDecidesTheDay() {
        let moment = instant("2026-03-08T20:00:00Z")
        #expect(LocalDay(containing: moment, in: Zones.newYork) == day("2026-03-08"))
        #expect(LocalDay(containing: moment, in: Zones.auckland) == day("2026-03-09"))
        #expect(LocalDay(containing: moment, in: Zones.kolkata) == day("2026-03-09"))
        #expect(LocalDay(containing: moment, in: Zones.utc) == day("2026-03-08"))
    }

    @Test func dstDaysAreTwentyThreeAndTwentyFiveHours() {
        let spring = day("2026-03-08")
        #expect(spring.start(in: Zones.newYork) == instant("2026-03-08T05:00:00Z"))
        #expect(spring.end(in: Zones.newYork) == instant("2026-03-09T04:00:00Z"))
        #expect(spring.end(in: Zones.newYork).timeIntervalSince(spring.start(in: Zones.newYork)) == 23 * 3600)
        let autumn = day("2026-11-01")
        #expect(autumn.end(in: Zones.newYork).timeIntervalSince(autumn.start(in: Zones.newYork)) == 25 * 3600)
        // Auckland leaves daylight time on the first Sunday of April.
        let april = day("2026-04-05")
        #expect(april.end(in: Zones.auckland).timeIntervalSince(april.start(in: Zones.auckland)) == 25 * 3600)
    }
}
