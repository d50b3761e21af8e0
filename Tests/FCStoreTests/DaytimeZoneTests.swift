import FCTestSupport
import Foundation
import Testing

/// The zone tests about "today" use is one where it is daytime, whatever the hour of the real clock.
struct DaytimeZoneTests {
    @Test func everyQuarterHourOfADayGetsAZoneWhereItIsDaytime() throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for quarter in 0..<96 {
            let date = start.addingTimeInterval(Double(quarter) * 900)
            let name = DaytimeZone.identifier(at: date)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: name))
            let hour = calendar.component(.hour, from: date)
            #expect((3..<21).contains(hour), "\(name) at \(date): \(hour):00")
        }
    }
}
