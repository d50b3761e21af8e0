public import struct Foundation.Date

/// A subject learners study; its name is unique regardless of case.
public struct Topic: Sendable, Codable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    public var createdAt: Date

    public init(id: Int64, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}
