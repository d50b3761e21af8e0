import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The store counts a topic's unstudied cards with `RefillRule`'s SQL; `RefillRule.unstudiedCount` is the same rule
/// in Swift. Both must say the same of topics mixing every card origin with learners who studied some of them, on
/// both engines, and a topic of only fallback cards is due.
struct RefillRuleSQLTests {
    /// One topic of the grid: its cards' origins, and for each learner the indexes of the cards they studied.
    struct Case: Sendable {
        var origins: [CardOrigin]
        var studied: [[Int]]
    }

    /// Topics on either side of a threshold of 3, with fallback cards studied or not.
    static let cases: [Case] = {
        var cases: [Case] = [
            Case(origins: [.fallback, .fallback, .fallback, .fallback], studied: []),
            Case(origins: [.fallback, .fallback, .fallback, .fallback], studied: [[0, 1]]),
            Case(origins: [.generated, .generated, .generated], studied: []),
            Case(origins: [.generated, .generated, .generated, .fallback], studied: [[3]]),
            Case(origins: [.generated, .generated, .generated, .generated, .fallback], studied: [[0, 4], [4]]),
            Case(origins: [.generated, .generated, .fallback, .fallback], studied: []),
            Case(origins: [.generated, .fixture, .imported, .manual], studied: [[1], [0, 2]]),
            Case(origins: [.generated, .fixture, .imported, .manual, .fallback], studied: [[4], [0, 4]]),
        ]
        cases.append(Case(origins: CardOrigin.allCases + CardOrigin.allCases, studied: [[0, 1, 2], [5, 6]]))
        return cases
    }()

    static let policy = TopicPolicy(refillBelow: 3, batchSize: 3)

    /// The rule's Swift count for each of ``cases``.
    static var swiftCounts: [Int] {
        cases.map { topic in
            RefillRule.unstudiedCount(
                topic.origins.indices.map { index in
                    RefillRule.StockCard(
                        origin: topic.origins[index],
                        studiedBy: Set(
                            topic.studied.indices.filter { topic.studied[$0].contains(index) }.map(Int64.init)))
                })
        }
    }

    /// For each of ``cases``: the store's unstudied count, whether its status says due, and whether it enqueued a job.
    static func storeVerdicts(_ store: Store) async throws -> [(count: Int, due: Bool, enqueued: Bool)] {
        var learners: [Int64] = []
        var topics: [Int64] = []
        for (number, topicCase) in cases.enumerated() {
            let topic = try await Topics.ensure(on: store, named: "Case \(number)")
            try await Topics.setPolicy(on: store, policy, topicID: topic.id)
            let drafts = topicCase.origins.enumerated().map { index, origin in
                CardDraft(
                    kind: .question, question: "Case \(number) question \(index)?", answer: "Answer \(index)",
                    origin: origin)
            }
            let cards = try await BatchStorage.store(
                on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: drafts)
            ).cards
            for (learner, indexes) in topicCase.studied.enumerated() {
                while learners.count <= learner {
                    learners.append(try await Learners.ensure(on: store, named: "Learner \(learners.count)").id)
                }
                for index in indexes {
                    try await store.recordReview(userID: learners[learner], cardID: cards[index].id, sessionID: nil) {
                        StudyWorld.decision($0, rating: 2, at: Fixtures.date, dueIn: 60, level: 1, stability: 1)
                    }
                }
            }
            topics.append(topic.id)
        }
        let enqueued = Set(try await RefillJobs.enqueueDue(on: store, maxAttempts: 3).map(\.topicID))
        var verdicts: [(count: Int, due: Bool, enqueued: Bool)] = []
        for id in topics {
            let status = try await Topics.refillStatus(on: store, topicID: id)
            verdicts.append((status.unstudiedCount, status.isRefillDue, enqueued.contains(id)))
        }
        return verdicts
    }

    /// Checks the store's verdicts against the Swift rule.
    static func expectAgreement(_ verdicts: [(count: Int, due: Bool, enqueued: Bool)]) {
        let expectedDue = swiftCounts.map { RefillRule.isDue(policy: policy, unstudied: $0, batches: 1) }
        #expect(verdicts.map(\.count) == swiftCounts)
        #expect(verdicts.map(\.due) == expectedDue)
        #expect(verdicts.map(\.enqueued) == expectedDue)
        // The grid reaches both answers, and a topic of only fallback cards is due however many it holds.
        #expect(Set(expectedDue) == [true, false])
        #expect(swiftCounts[0] == 0 && expectedDue[0] && expectedDue[1])
    }

    @Test func theSQLAgreesWithTheRuleOnSQLite() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let verdicts = try await Self.storeVerdicts(store)
        await store.close()
        Self.expectAgreement(verdicts)
    }

    @Test func theSQLAgreesWithTheRuleOnPostgreSQL() async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "refillrule")
        let result: Result<[(count: Int, due: Bool, enqueued: Bool)], any Error>
        do {
            let store = try await Store.open(path: scratch.url, now: Fixtures.now)
            result = .success(try await Self.storeVerdicts(store))
            await store.close()
        } catch {
            result = .failure(error)
        }
        await scratch.drop()
        Self.expectAgreement(try result.get())
    }
}
