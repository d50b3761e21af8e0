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

    /// `YYYY-MM-DD` of the day `days` after 1970-01-01: ISO 8601's calendar date, as learner days and UTC days are
    /// written in JSON, keys and the database.
    public static func isoDate(_ days: Int64) -> String {
        let (year, month, day) = civil(days)
        var text = ""
        text.reserveCapacity(10)
        appendDate(year: year, month: month, day: day, to: &text)
        return text
    }

    /// Appends `YYYY-MM-DD`.
    static func appendDate(year: Int64, month: Int64, day: Int64, to text: inout String) {
        appendPadded(year, digits: 4, to: &text)
        text += "-"
        appendPadded(month, digits: 2, to: &text)
        text += "-"
        appendPadded(day, digits: 2, to: &text)
    }

    /// Appends `value` in decimal with leading zeros up to `digits` characters.
    static func appendPadded(_ value: Int64, digits: Int, to text: inout String) {
        let decimal = String(value)
        if decimal.utf8.count < digits { text += String(repeating: "0", count: digits - decimal.utf8.count) }
        text += decimal
    }
}
