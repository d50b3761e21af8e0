import Foundation
import Testing

@testable import FCStore

/// A step's challenges go to the store in one multi-row upsert, which may not touch a row twice: a (day, kind) given
/// twice is merged first as two upserts in a row merge it (`challengeMerge`).
struct ChallengeMergeTests {
    private let expiry = Date(timeIntervalSince1970: 1_800_000_000)

    private func challenge(progress: Int, completedAt: Date?, target: Int = 10, xp: Int = 50) -> ChallengeRecord {
        ChallengeRecord(
            day: "2026-11-30", kind: "review", target: target, xp: xp, progress: progress, completedAt: completedAt,
            expiresAt: expiry)
    }

    @Test func theLargerProgressAndTheFirstCompletionWin() {
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        let later = Date(timeIntervalSince1970: 1_700_000_100)
        let merged = challenge(progress: 10, completedAt: first).merging(challenge(progress: 4, completedAt: later))
        #expect(merged.progress == 10)
        #expect(merged.completedAt == first)
        let grown = challenge(progress: 3, completedAt: nil).merging(challenge(progress: 10, completedAt: later))
        #expect(grown.progress == 10)
        #expect(grown.completedAt == later)
    }

    @Test func targetXPAndExpiryStayTheFirstRowsAsTheUpsertKeepsThem() {
        let merged = challenge(progress: 1, completedAt: nil, target: 10, xp: 50)
            .merging(challenge(progress: 2, completedAt: nil, target: 20, xp: 80))
        #expect(merged.target == 10)
        #expect(merged.xp == 50)
        #expect(merged.progress == 2)
    }
}
