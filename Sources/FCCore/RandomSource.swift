import Synchronization

/// A random number generator shared by a long-lived service: a seeded generator behind a lock.
///
/// Libraries take one of these instead of calling `SystemRandomNumberGenerator` so that tests pass a seed.
public final class RandomSource: Sendable {
    private let generator: Mutex<SplitMix64>

    public init(seed: UInt64) { generator = Mutex(SplitMix64(seed: seed)) }

    /// A uniformly distributed value in `range`.
    public func double(in range: Range<Double>) -> Double {
        generator.withLock { Double.random(in: range, using: &$0) }
    }

    /// A uniformly distributed value in `range`.
    public func int(in range: ClosedRange<Int>) -> Int {
        generator.withLock { Int.random(in: range, using: &$0) }
    }

    /// Runs `body` with exclusive access to the generator.
    public func withGenerator<T>(_ body: (inout SplitMix64) -> T) -> T {
        generator.withLock { body(&$0) }
    }
}
