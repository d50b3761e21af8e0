import FCCore
import FCPipeline
import FCStore
import Foundation
import Testing

/// Local calendar days, streaks across time zones and DST, quiz grading.
struct StudyDayTests {
    private func date(_ iso: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: iso))
    }

    @Test func theSameInstantIsADifferentDayInAnotherZone() throws {
        let utc = try StudyDay(override: "UTC")
        let tokyo = try StudyDay(override: "Asia/Tokyo")
        let lateEvening = try date("2024-03-10T20:00:00Z")  // already the 11th in Tokyo
        #expect(tokyo.dayNumber(of: lateEvening) == utc.dayNumber(of: lateEvening) + 1)
        #expect(utc.endOfDay(containing: lateEvening) == (try date("2024-03-11T00:00:00Z")) - 0.001)
        #expect(tokyo.endOfDay(containing: lateEvening) == (try date("2024-03-11T15:00:00Z")) - 0.001)
        #expect(throws: PipelineError.self) { try StudyDay(override: "Mars/Olympus") }
        #expect(try StudyDay(stored: nil).timeZone.secondsFromGMT() == 0)
    }

    @Test func aDSTDayIsOneDayAndItsEndIsLocalMidnight() throws {
        let newYork = try StudyDay(override: "America/New_York")
        // 2024-03-10 has 23 hours in New York (clocks jump from 02:00 to 03:00).
        let morning = try date("2024-03-10T12:00:00Z")
        #expect(newYork.endOfDay(containing: morning) == (try date("2024-03-11T04:00:00Z")) - 0.001)
        let saturday = try date("2024-03-09T23:30:00Z")  // 18:30 EST
        let sunday = try date("2024-03-10T23:30:00Z")  // 19:30 EDT
        let monday = try date("2024-03-11T23:30:00Z")
        let days = Set([saturday, sunday, monday].map(newYork.dayNumber(of:)))
        let streaks = Streaks(days: days, today: newYork.dayNumber(of: monday))
        #expect(streaks.current == 3)
        #expect(streaks.longest == 3)
    }

    @Test func streaksDependOnTheLearnersZone() throws {
        // Reviews at 23:30 UTC on three consecutive days, then one at 00:30 UTC two days later.
        let reviews = try ["2024-06-01T23:30:00Z", "2024-06-02T23:30:00Z", "2024-06-04T00:30:00Z"].map(date)
        let now = try date("2024-06-04T12:00:00Z")
        let utc = try StudyDay(override: "UTC")
        let berlin = try StudyDay(override: "Europe/Berlin")  // UTC+2 in June: 01:30 on the 2nd, 3rd; 02:30 on 4th
        func streaks(_ day: StudyDay) -> Streaks {
            Streaks(days: Set(reviews.map(day.dayNumber(of:))), today: day.dayNumber(of: now))
        }
        #expect(streaks(utc) == Streaks(days: [1, 2, 4], today: 4))
        #expect(streaks(utc).current == 1)
        #expect(streaks(utc).longest == 2)
        #expect(streaks(berlin).current == 3)
        #expect(streaks(berlin).longest == 3)
    }

    @Test func aStreakSurvivesUntilTheEndOfTodayButNotAMissedDay() {
        #expect(Streaks(days: [8, 9], today: 10).current == 2)
        #expect(Streaks(days: [7, 8], today: 10).current == 0)
        #expect(Streaks(days: [7, 8], today: 10).longest == 2)
        #expect(Streaks(days: [], today: 10) == Streaks(days: [], today: 0))
        #expect(Streaks(days: [1, 2, 3, 5, 10, 11], today: 11).longest == 3)
    }

    @Test func quizAnswersIgnoreCaseSpacesAndAccents() {
        let grader = QuizGrader()
        #expect(grader.grade("  café  ", expected: "Cafe") == .correct)
        #expect(grader.grade("JULIUS   caesar", expected: "Julius Caesar") == .correct)
        #expect(grader.grade("Crème brûlée", expected: "creme brulee") == .correct)
        #expect(grader.grade("Augustus", expected: "Julius Caesar") == .wrong)
        #expect(grader.grade("hadrian", expected: "Hadrian.") == .correct)
        #expect(grader.grade(" . ", expected: "Hadrian.") == .empty)
        #expect(grader.grade("   \n", expected: "Julius Caesar") == .empty)
        #expect(grader.grade("", expected: "") == .empty)
        #expect(QuizGrader(ignoresAccents: false).grade("cafe", expected: "Café") == .wrong)
        #expect(QuizGrader(ignoresAccents: false).grade("CAFÉ", expected: "café") == .correct)
    }
}
