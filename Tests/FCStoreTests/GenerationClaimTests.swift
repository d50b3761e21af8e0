import FCCore
import FCPipeline
import FCTestSupport
import Foundation
import Testing

@testable import FCStore

/// Generation claims from two stores (two instances) at once, several claimers each: no generation is claimed
/// twice, and no topic gets two running generations (the advisory lock on PostgreSQL, `BEGIN IMMEDIATE` on SQLite).
struct GenerationClaimTests {
    static let topics = 4
    static let perTopic = 3

    @Test(arguments: [false, true])
    func concurrentClaimersTakeOneGenerationPerTopic(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "genclaim") : nil
        let file = postgres ? nil : await TemporaryDatabase.make()
        let path = scratch?.url ?? file?.path ?? ""
        do {
            let stores = [
                try await Store.open(path: path, now: .system), try await Store.open(path: path, now: .system),
            ]
            var topicOf: [String: Int64] = [:]
            for index in 1...Self.topics {
                let topic = try await Topics.ensure(on: stores[0], named: "topic \(index)")
                for copy in 1...Self.perTopic {
                    let id = "g-\(index)-\(copy)"
                    topicOf[id] = topic.id
                    _ = try await stores[0].write("queue") { db in
                        try await db.insertGeneration(
                            NewGeneration(
                                id: id, topicID: topic.id, topicName: topic.name, requestedBy: nil, optionsJSON: "{}",
                                batchesRequested: 1), at: 0)
                    }
                }
            }
            let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
                for claimer in 0..<6 {
                    let store = stores[claimer % 2]
                    group.addTask {
                        var mine: [String] = []
                        while let generation = try await Generations.claimNext(
                            on: store, owner: "claimer-\(claimer)", lease: .seconds(600))
                        {
                            mine.append(generation.id)
                        }
                        return mine
                    }
                }
                var all: [String] = []
                for try await mine in group { all += mine }
                return all
            }
            #expect(claimed.count == Self.topics, "\(claimed)")
            #expect(Set(claimed).count == claimed.count, "no generation claimed twice")
            #expect(Set(claimed.compactMap { topicOf[$0] }).count == Self.topics, "one running per topic")
            #expect(claimed.allSatisfy { $0.hasSuffix("-1") }, "the oldest of each topic first")
            for store in stores { await store.close() }
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }
}
