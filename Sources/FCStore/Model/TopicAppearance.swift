/// How a topic looks in lists: a colour and an icon, both optional.
public struct TopicAppearance: Sendable, Codable, Hashable {
    /// `#rrggbb`, lowercase.
    public var color: String?
    /// A short label or emoji.
    public var icon: String?

    public init(color: String? = nil, icon: String? = nil) {
        self.color = color
        self.icon = icon
    }
}

/// What deleting a topic removed.
public struct TopicDeletion: Sendable, Codable, Hashable {
    public var name: String
    public var cards: Int
    public var batches: Int
    public var jobs: Int
}
