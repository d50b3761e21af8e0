public import struct Foundation.Date

/// The wall clock, injected so that tests fix the time.
public struct Now: Sendable {
    public var date: @Sendable () -> Date

    public init(_ date: @escaping @Sendable () -> Date) { self.date = date }

    /// The machine's clock. Only executables should pass this in.
    public static let system = Now { Date() }

    /// Always the same instant.
    public static func constant(_ date: Date) -> Now { Now { date } }

    public func callAsFunction() -> Date { date() }
}
