/// The 64-bit FNV-1a hash: tiny, fast and stable across platforms and runs (unlike `Hasher`, which is seeded per
/// process). Used to fingerprint prompts, not for security. Reference: http://www.isthe.com/chongo/tech/comp/fnv/
package struct FNV1a64: Sendable {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    package private(set) var value: UInt64 = offsetBasis

    package init() {}

    package mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= Self.prime
        }
    }

    /// The hash as 16 lowercase hex digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
