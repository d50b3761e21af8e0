public import struct Foundation.Date

/// A learner: learning state, reviews and sessions belong to one. Content (topics, cards) is shared.
public struct User: Sendable, Codable, Hashable, Identifiable {
    public var id: Int64
    /// Unique ignoring case; the default learner is ``defaultName``.
    public var name: String
    /// An IANA time zone identifier ("Europe/Berlin") that decides the learner's calendar days; `nil`: UTC.
    public var timeZone: String?
    public var createdAt: Date

    /// The learner fcgen uses when no `--user` is given.
    public static let defaultName = "local"

    public init(id: Int64, name: String, timeZone: String?, createdAt: Date) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.createdAt = createdAt
    }
}
