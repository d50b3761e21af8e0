import FCCore
import FCGamification
import FCPipeline
import FCStore
import Foundation
import Testing

/// `MysteryBoxes.open`: the ids are checked against the learner's own boxes inside the opening's transaction, and a
/// refused opening opens nothing.
struct MysteryBoxesUseCaseTests {
    /// A finished session's boxes, unopened, for the harness's learner.
    static func earnedBoxes(_ game: GameHarness) async throws -> [BoxRecord] {
        _ = try await game.finishedSession(cards: 5)
        return try await GamificationRecords.boxes(on: game.store, userID: game.base.user.id, unopenedOnly: true)
    }

    @Test func anUnknownIDOpensNothingAndIsNamedOnce() async throws {
        let game = try await GameHarness()
        let boxes = try await Self.earnedBoxes(game)
        let first = try #require(boxes.first)
        let before = try await game.totalXP(game.base.user)

        let error = await #expect(throws: PipelineError.self) {
            try await MysteryBoxes.open(
                on: game.store, userID: game.base.user.id, boxIDs: ["nope", first.boxID, "nope", "gone"],
                gamifier: game.gamifier, at: StudyHarness.start)
        }
        guard case .boxNotFound(let ids) = error else {
            Issue.record("expected boxNotFound, got \(String(describing: error))")
            return
        }
        #expect(ids == ["nope", "gone"])
        #expect(
            try await GamificationRecords.boxes(on: game.store, userID: game.base.user.id, unopenedOnly: true)
                == boxes)
        #expect(try await game.totalXP(game.base.user) == before)
    }

    @Test func anotherLearnersBoxIsUnknown() async throws {
        let game = try await GameHarness()
        let boxes = try await Self.earnedBoxes(game)
        let other = try await game.learner("Other")

        let error = await #expect(throws: PipelineError.self) {
            try await MysteryBoxes.open(
                on: game.store, userID: other.id, boxIDs: [boxes[0].boxID], gamifier: game.gamifier,
                at: StudyHarness.start)
        }
        guard case .boxNotFound(let ids) = error else {
            Issue.record("expected boxNotFound, got \(String(describing: error))")
            return
        }
        #expect(ids == [boxes[0].boxID])
        #expect(
            try await GamificationRecords.boxes(on: game.store, userID: game.base.user.id, unopenedOnly: true)
                == boxes)
    }

    @Test func namedBoxesOpenOnceAndPayTheLedger() async throws {
        let game = try await GameHarness()
        let boxes = try await Self.earnedBoxes(game)
        let before = try await game.totalXP(game.base.user)

        let opened = try await MysteryBoxes.open(
            on: game.store, userID: game.base.user.id, boxIDs: [boxes[0].boxID], gamifier: game.gamifier,
            at: StudyHarness.start)
        #expect(opened.boxesOpened.map(\.id) == [boxes[0].boxID])
        #expect(opened.totalXP == before + opened.xpGained)
        #expect(try await game.totalXP(game.base.user) == opened.totalXP)
        let again = try await MysteryBoxes.open(
            on: game.store, userID: game.base.user.id, boxIDs: [boxes[0].boxID], gamifier: game.gamifier,
            at: StudyHarness.start)
        #expect(again.xpGained == 0 && again.boxesOpened.isEmpty)
        let left = try await GamificationRecords.boxes(on: game.store, userID: game.base.user.id, unopenedOnly: true)
        #expect(left.map(\.boxID) == boxes.dropFirst().map(\.boxID))
    }
}
