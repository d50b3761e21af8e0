/// How a topic looks in lists: a colour and an icon, both optional.
package struct TopicAppearance: Sendable, Codable, Hashable {
    /// `#rrggbb`, lowercase.
    package var color: String?
    /// A short label or emoji.
    package var icon: String?

    package init(color: String? = nil, icon: String? = nil) {
        self.color = color
        self.icon = icon
    }
}

/// What deleting a topic removed.
package struct TopicDeletion: Sendable, Codable, Hashable {
    package var name: String
    package var cards: Int
    package var batches: Int
    package var jobs: Int
}
