/// How `fcgen serve` sends reminders by Web Push.
package struct PushSettings: Sendable, Hashable {
    /// The VAPID `sub` claim (RFC 8292 section 2.1): how a push service's operator reaches this server's operator,
    /// a `mailto:` or `https:` URL (`fcgen serve --vapid-subject`). `nil`: the public URL when it is https, else
    /// `mailto:fcgen@localhost` (some push services refuse that one: set it in production).
    package var subject: String?
    /// Whether subscriptions may name an `http` endpoint on a loopback address: tests' loopback push services only.
    /// Browsers' push services are https, and every other endpoint is refused.
    package var allowsLoopbackHTTP = false

    package init(subject: String? = nil, allowsLoopbackHTTP: Bool = false) {
        self.subject = subject
        self.allowsLoopbackHTTP = allowsLoopbackHTTP
    }

    /// The subject the JWTs carry.
    package func effectiveSubject(publicURL: PublicURL?) -> String {
        if let subject { return subject }
        if let publicURL, publicURL.isHTTPS { return publicURL.origin }
        return "mailto:fcgen@localhost"
    }

    /// Whether `text` is a `mailto:` or `https:` URL a VAPID subject may be.
    package static func isValidSubject(_ text: String) -> Bool {
        guard text.utf8.count <= 500, !text.contains(where: \.isWhitespace) else { return false }
        return (text.hasPrefix("mailto:") && text.count > 8 && text.contains("@")) || PublicURL(text)?.isHTTPS == true
    }
}
