import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// bcrypt (HummingbirdBcrypt) off the request's executor: hashing is slow on purpose (about a quarter second at
/// cost 12), so it runs on NIO's blocking thread pool instead of holding one of the few cooperative threads.
///
/// The store keeps only what ``hash(_:)`` returns; passwords are never logged, stored or echoed.
package final class PasswordHasher: Sendable {
    /// log2 of bcrypt's rounds, 4…31.
    package let cost: UInt8
    /// A hash of a password nobody has, at ``cost``, made on first use: checked when the name is unknown, so an
    /// unknown name takes as long to refuse as a wrong password and the timing does not tell which names exist.
    private let decoy = Mutex<String?>(nil)

    package init(cost: UInt8) {
        self.cost = min(max(cost, 4), 31)
    }

    /// The bcrypt text (`$2b$…`) of `password`, with a fresh salt.
    package func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` is the one `hash` was made from; with `hash` `nil` (no such account) the decoy is
    /// checked and the answer is `false`.
    package func verify(_ password: String, against hash: String?) async throws -> Bool {
        var stored = hash ?? decoy.withLock { $0 }
        if stored == nil {
            let made = try await self.hash("decoy password of no account")
            decoy.withLock { $0 = $0 ?? made }
            stored = made
        }
        guard let stored else { return false }
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: stored) }
        return hash != nil && matches
    }
}
