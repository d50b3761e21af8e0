import FCCore
import FCPipeline
import FCTestSupport
import Foundation
import Testing

@testable import FCStore

/// The generation channel on PostgreSQL (``Store/listenForGenerations(retry:_:)``): a committed change is heard with
/// the generation's id, a rolled-back one never, and a listening connection the server ends is opened again, told
/// as lost and then listening (the follower's cue for its catch-up read).
struct GenerationNotificationTests {
    @Test func committedChangesAreHeardAndALostConnectionListensAgain() async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "gennotify")
        do {
            let store = try await Store.open(path: scratch.url, now: .system)
            let writer = try await Store.open(path: scratch.url, now: .system)
            #expect(store.notifiesGenerations)
            let (notices, heard) = AsyncStream.makeStream(of: GenerationNotice.self)
            let listening = Task { await store.listenForGenerations(retry: .milliseconds(20)) { heard.yield($0) } }
            var iterator = notices.makeAsyncIterator()
            #expect(await iterator.next() == .listening)

            let topic = try await Topics.ensure(on: writer, named: "Geology")
            let queue: @Sendable (String) -> NewGeneration = { id in
                NewGeneration(
                    id: id, topicID: topic.id, topicName: topic.name, requestedBy: nil, optionsJSON: "{}",
                    batchesRequested: 1)
            }
            struct Abandon: Error {}
            await #expect(throws: Abandon.self) {
                try await writer.write("queue, then roll back") { db in
                    try await db.insertGeneration(queue("rolled-back"), at: 0)
                    throw Abandon()
                }
            }
            try await writer.write("queue") { try await $0.insertGeneration(queue("kept"), at: 0) }
            #expect(await iterator.next() == .changed(id: "kept"), "the rolled-back insert told nobody")
            let cancelled = try await Generations.cancel(on: writer, id: "kept", errorJSON: "{}", event: { _ in "{}" })
            #expect(cancelled.map { if case .cancelledQueued = $0 { true } else { false } } == true)
            #expect(await iterator.next() == .changed(id: "kept"), "its failed event")

            // The server ends the listening connection: it is told lost, opened again, and hears the next change.
            try await writer.executeInTransaction(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'
                """)
            guard case .lost = await iterator.next() else {
                Issue.record("the lost connection was not told")
                throw Abandon()
            }
            #expect(await iterator.next() == .listening)
            try await writer.write("queue") { try await $0.insertGeneration(queue("after"), at: 0) }
            #expect(await iterator.next() == .changed(id: "after"))

            listening.cancel()
            await listening.value
            heard.finish()
            await store.close()
            await writer.close()
        } catch {
            await scratch.drop()
            throw error
        }
        await scratch.drop()
    }
}
