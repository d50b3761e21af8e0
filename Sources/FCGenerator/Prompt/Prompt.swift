/// A rendered prompt: the system and user messages, and a fingerprint stored with each batch.
package struct Prompt: Sendable, Hashable {
    package var system: String
    package var user: String
    /// 16 hex digits of FNV-1a 64 over the UTF-8 of `system`, a NUL byte, and `user`. Stable across runs and
    /// machines, so batches made from the same prompt can be found.
    package var hash: String

    package init(system: String, user: String) {
        self.system = system
        self.user = user
        hash = Self.hash(system: system, user: user)
    }

    /// The hash of a system and user message pair (see ``hash``).
    package static func hash(system: String, user: String) -> String {
        var hasher = FNV1a64()
        hasher.combine(system.utf8)
        // The separator keeps ("ab", "c") and ("a", "bc") apart.
        hasher.combine([0])
        hasher.combine(user.utf8)
        return hasher.hex
    }
}
