import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Two `Store`s are two connections, as two fcgen processes would have.
struct ConcurrencyTests {
    @Test func twoConnectionsWritingAtOnceBothSucceed() async throws {
        let database = await TemporaryDatabase.make()
        let first = try await Store.open(path: database.path, now: Fixtures.now)
        let second = try await Store.open(path: database.path, now: Fixtures.now)
        let rome = try await Topics.ensure(on: first, named: "Rome")
        let greece = try await Topics.ensure(on: second, named: "Greece")
        let batchesEach = 60

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (store, topic) in [(first, rome), (second, greece)] {
                group.addTask {
                    for number in 1...batchesEach {
                        let drafts = Fixtures.drafts(15, prefix: "Batch \(number)")
                        _ = try await BatchStorage.store(
                            on: store, Fixtures.batch(topicID: topic.id, number: number, cards: drafts))
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(try await BatchStorage.lastNumber(on: first, topicID: greece.id) == batchesEach)
        #expect(try await BatchStorage.lastNumber(on: second, topicID: rome.id) == batchesEach)
        #expect(try await Cards.inTopic(on: first, topicID: greece.id).map(\.position) == Array(1...(15 * batchesEach)))
        #expect(try await Cards.inTopic(on: second, topicID: rome.id).count == 15 * batchesEach)
        #expect(try await first.integrityCheck() == "ok")
    }

    @Test func racingRunsForTheSameBatchNumberStoreItOnce() async throws {
        let database = await TemporaryDatabase.make()
        let first = try await Store.open(path: database.path, now: Fixtures.now)
        let second = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: first, named: "Rome")

        let results = await withTaskGroup(of: Result<StoredBatch, any Error>.self) { group in
            for (store, prefix) in [(first, "A"), (second, "B")] {
                group.addTask {
                    let batch = Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(5, prefix: prefix))
                    do { return .success(try await BatchStorage.store(on: store, batch)) } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        let failures = results.compactMap { result -> StoreError? in
            if case .failure(let error) = result { return error as? StoreError } else { return nil }
        }
        #expect(failures == [.batchNumberTaken(topicID: topic.id, number: 1)])
        #expect(try await second.scalarInteger("SELECT COUNT(*) FROM batches") == 1)
        #expect(try await second.scalarInteger("SELECT COUNT(*) FROM cards") == 5)
    }
}
