package import FCCore
import Foundation
import Synchronization

/// Limits failed bearer-token attempts per client address (``ClientAddress``): a token bucket per address
/// (``ServiceSettings/signInFailureLimit``, by default a burst of 20, refilled at 1 a second) that only a failed
/// attempt (an unknown, expired or revoked token) drains.
///
/// ``TokenAuthenticator`` asks ``retryAfter(for:)`` *before* it looks a token up: while the address's bucket has no
/// whole token left, every request from it that carries a token is `429` with `Retry-After`, a valid token's too.
/// Telling a valid token from a guess needs the look-up the limit withholds, and answering a valid guess
/// differently would tell a guesser which guess was right. Valid tokens never drain the bucket, so a client that
/// signs in correctly is limited only while failures from its address have emptied it (a person who mistypes a
/// token a few times never is).
///
/// A check and the failure it may lead to are two steps, so attempts that arrive together can each pass the check
/// before any failure is counted; each failure is still taken, down to a debt of one burst, which the address then
/// waits off. The sustained rate of look-ups per address is therefore the refill rate.
///
/// At most ``capacity`` addresses are held: when a new one would pass it, buckets that have refilled to full are
/// dropped (they hold nothing a fresh bucket does not), and if that frees less than a quarter of the room, the
/// least recently touched ones go too. Memory stays bounded whatever the number of addresses; an attacker with
/// more addresses than that can reset some of their buckets, each of which starts from one burst anyway.
///
/// The same limiter keys failed passwords per account too (``AccountFailureLimiter``, keyed by the name as typed,
/// lowercased): an address and an account each have a budget, and a sign-in waits while either is spent.
package typealias SignInFailureLimiter = FailureLimiter<ClientAddress>

/// Failed password sign-ins per account: the key is the name signed in with, trimmed and lowercased (names are
/// unique ignoring case), so guesses at one learner's password from many addresses share one budget.
package typealias AccountFailureLimiter = FailureLimiter<String>

/// The token buckets behind ``SignInFailureLimiter`` and ``AccountFailureLimiter``, for any key.
package final class FailureLimiter<Key: Hashable & Sendable>: Sendable {
    /// The bucket every address gets.
    package let limit: RateLimit
    /// The most addresses held at once.
    package let capacity: Int
    private let now: Now
    private let buckets = Mutex<[Key: TokenBucket]>([:])

    package init(limit: RateLimit, now: Now, capacity: Int = 10_000) {
        self.limit = limit
        self.now = now
        self.capacity = max(capacity, 1)
    }

    /// `nil` when `address` may try a token now; else the whole seconds until it may.
    package func retryAfter(for address: Key) -> Int? {
        let time = now()
        return buckets.withLock { buckets in
            guard var bucket = buckets[address] else { return nil }
            bucket.refill(to: time, limit: limit)
            return bucket.hasToken ? nil : bucket.secondsUntilToken(limit: limit)
        }
    }

    /// Counts a failed attempt from `address`: one token out of its bucket (down to a debt of one burst).
    package func recordFailure(from address: Key) {
        let time = now()
        buckets.withLock { buckets in
            var bucket = buckets[address] ?? TokenBucket(full: limit, at: time)
            bucket.refill(to: time, limit: limit)
            bucket.tokens = max(bucket.tokens - 1, -limit.burst)
            if buckets[address] == nil && buckets.count >= capacity { evict(from: &buckets, at: time) }
            buckets[address] = bucket
        }
    }

    /// How many addresses are held (for tests of the bound).
    package var count: Int { buckets.withLock { $0.count } }

    /// Makes room for one more address: drops the buckets that are full again, then, when fewer than a quarter of
    /// ``capacity`` were, the least recently touched down to three quarters. Sorting happens at most once per
    /// quarter of ``capacity`` new addresses, so it costs each new address O(log n).
    private func evict(from buckets: inout [Key: TokenBucket], at time: Date) {
        buckets = buckets.filter { !$0.value.isFull(at: time, limit: limit) }
        let keep = capacity - max(capacity / 4, 1)
        guard buckets.count > keep else { return }
        let newest = buckets.sorted { $0.value.at > $1.value.at }.prefix(keep)
        buckets = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
    }
}
