import FCGamification

/// A GitHub-style activity calendar for the terminal: one column per week (Monday to Sunday, top to bottom), one
/// cell per day shaded by its count, month names above the week a month starts in, and a legend.
///
/// ```
///     Nov     Dec
/// Mon · · ░ █ ▒
/// …
/// Sun · ░ · ·
///     Less · ░ ▒ ▓ █ More (most in a day: 12)
/// ```
struct HeatMap {
    /// The characters for levels 0–4, and how they are spelled without Unicode.
    static let blocks = ["·", "░", "▒", "▓", "█"]
    static let asciiBlocks = [".", "-", "+", "*", "#"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    var from: LocalDay
    var to: LocalDay
    /// Counts by day; days not listed count 0.
    var counts: [LocalDay: Int]
    var ascii = false

    /// The highest daily count in the range.
    var maximum: Int { counts.filter { $0.key >= from && $0.key <= to }.values.max() ?? 0 }

    /// The shade of `count`: 0 for none, else 1–4 in equal steps of the range's maximum (1 = up to a quarter).
    static func level(_ count: Int, maximum: Int) -> Int {
        guard count > 0, maximum > 0 else { return 0 }
        return min(4, max(1, Int((4 * Double(count) / Double(maximum)).rounded(.up))))
    }

    /// 0 for Monday … 6 for Sunday (1970-01-01, ordinal 0, was a Thursday).
    static func weekday(_ day: LocalDay) -> Int {
        ((day.ordinal + 3) % 7 + 7) % 7
    }

    func render() -> String {
        let shades = ascii ? Self.asciiBlocks : Self.blocks
        let firstMonday = from.advanced(by: -Self.weekday(from))
        let weeks = firstMonday.distance(to: to) / 7 + 1
        let maximum = maximum
        var rows = Self.weekdays.map { $0 + " " }
        for week in 0..<weeks {
            for weekday in 0..<7 {
                let day = firstMonday.advanced(by: week * 7 + weekday)
                let cell = day < from || day > to ? " " : shades[Self.level(counts[day] ?? 0, maximum: maximum)]
                rows[weekday] += cell + (week + 1 < weeks ? " " : "")
            }
        }
        let legend = "    Less " + shades.joined(separator: " ") + " More (most in a day: \(maximum))"
        return ([monthLine(firstMonday: firstMonday, weeks: weeks)] + rows + [legend]).map(Self.trimmed)
            .joined(separator: "\n")
    }

    /// Month names over the week (column) holding each month's first day; the range's own first month is named
    /// over the first column too when its next month starts at least three weeks later (room for the name).
    private func monthLine(firstMonday: LocalDay, weeks: Int) -> String {
        var labels: [(week: Int, month: Int)] = []
        for week in 0..<weeks {
            let monday = firstMonday.advanced(by: week * 7)
            let first = (0..<7).map { monday.advanced(by: $0) }.first { $0 >= from && $0 <= to && $0.day == 1 }
            if let first { labels.append((week, first.month)) }
        }
        if from.day != 1, (labels.first?.week ?? weeks) >= 3 { labels.insert((0, from.month), at: 0) }
        var line = [Character](repeating: " ", count: 4 + weeks * 2 + 2)
        for label in labels {
            let column = 4 + label.week * 2
            line.replaceSubrange(column..<column + 3, with: Array(Self.months[label.month - 1]))
        }
        return String(line)
    }

    private static func trimmed(_ line: String) -> String {
        var text = line
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
