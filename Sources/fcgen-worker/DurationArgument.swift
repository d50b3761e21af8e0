import ArgumentParser
import Foundation

/// A duration on the command line: a whole number with a unit, `30s`, `10m`, `1h` (a bare number is seconds).
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    var duration: Duration
    var text: String

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, seconds: Int64)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        var seconds: Int64?
        for unit in units where text.hasSuffix(unit.suffix) {
            // Multiplied with overflow reported: `9223372036854775807d` is refused, never a trap.
            seconds = Int64(text.dropLast(unit.suffix.count)).flatMap { amount in
                let (product, overflow) = amount.multipliedReportingOverflow(by: unit.seconds)
                return overflow ? nil : product
            }
        }
        if seconds == nil { seconds = Int64(text) }
        guard let seconds, seconds >= 0, seconds <= 366 * 86_400 else { return nil }
        duration = .seconds(seconds)
        self.text = argument
    }

    init(seconds: Int64, text: String) {
        duration = .seconds(seconds)
        self.text = text
    }

    var description: String { text }

    var seconds: Int64 { duration.components.seconds }
}
