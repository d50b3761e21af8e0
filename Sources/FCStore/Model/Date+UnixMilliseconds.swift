package import Foundation

extension Date {
    /// Whole milliseconds since 1970, as the store's INTEGER time columns hold them.
    ///
    /// Rounded to the nearest millisecond: `1_700_000_000.123 * 1000` is not exactly representable, and rounding
    /// down would turn it into …122.
    package var unixMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    package init(unixMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(unixMilliseconds) / 1000)
    }
}
