/// A span of local clock hours that may wrap past midnight, such as 23:00–04:00.
public struct HourWindow: Sendable, Hashable, Codable {
    /// The first hour inside the window (0–23).
    public var startHour: Int
    /// The first hour after the window (0–23); equal to `startHour` means an empty window.
    public var endHour: Int

    public init(startHour: Int, endHour: Int) {
        self.startHour = startHour
        self.endHour = endHour
    }

    /// Whether local hour `hour` lies in `[startHour, endHour)`, wrapping at midnight.
    public func contains(hour: Int) -> Bool {
        startHour <= endHour ? (startHour..<endHour).contains(hour) : hour >= startHour || hour < endHour
    }
}
