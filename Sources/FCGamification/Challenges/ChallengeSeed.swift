/// The seed of a learner's daily challenges: the same learner and day always draw the same challenges.
///
/// The seed is the 64-bit FNV-1a hash (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`) of the UTF-8 text
/// `fcgen-challenges:<learnerID>:<YYYY-MM-DD>`, e.g. `fcgen-challenges:42:2026-03-08`. FNV-1a is simple to reproduce
/// in any language and, unlike Swift's `Hasher`, is not randomised per process. Its output seeds FCCore's
/// `SplitMix64`, whose finaliser mixes the bits further.
public enum ChallengeSeed {
    /// The seed for `learnerID`'s challenges on `day`.
    public static func make(learnerID: Int64, day: LocalDay) -> UInt64 {
        fnv1a64("fcgen-challenges:\(learnerID):\(day)")
    }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text` (http://www.isthe.com/chongo/tech/comp/fnv/).
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
