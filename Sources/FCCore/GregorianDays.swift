/// Days since 1970-01-01 and the proleptic Gregorian calendar date they fall on: what ISO 8601 dates and fcgen's
/// learner days count in.
public enum GregorianDays {
    /// The date of the day `days` after 1970-01-01 (negative: before), by Howard Hinnant's `civil_from_days`
    /// (https://howardhinnant.github.io/date_algorithms.html): exact for every day an `Int64` can count.
    public static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // March = 0 … February = 11
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
