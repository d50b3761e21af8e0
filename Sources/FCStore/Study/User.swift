package import struct Foundation.Date

/// A learner: learning state, reviews and sessions belong to one. Content (topics, cards) is shared.
package struct User: Sendable, Codable, Hashable, Identifiable {
    package var id: Int64
    /// Unique ignoring case; the default learner is ``defaultName``.
    package var name: String
    /// An IANA time zone identifier ("Europe/Berlin") that decides the learner's calendar days; `nil`: UTC.
    package var timeZone: String?
    package var createdAt: Date

    /// The learner fcgen uses when no `--user` is given.
    package static let defaultName = "local"

    package init(id: Int64, name: String, timeZone: String?, createdAt: Date) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.createdAt = createdAt
    }
}
