import FCCore
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// The generation request's `review` member, offline (the fixture provider): `true` reviews the batches as
/// `fcgen generate --review` does, each review request a usage ledger row of its own (kind `review`); a value that
/// is not a boolean is a 400 naming the field.
@Suite("the service: generation review (in process, on a socket)")
struct GenerationReviewTests {
    @Test("review: true runs the review pass, its request has a ledger row of kind review; a wrong type is refused")
    func reviewMember() async throws {
        let fixture = try await ServiceUnderTest(seeded: false, generations: 1)
        let admin = fixture.adminToken
        let check = OpenAPICheck()
        try await fixture.serveLive { server in
            let topic = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "French basics"}"#)
            let topicID = try #require((topic.json["topic"] as? [String: Any])?["id"] as? Int)
            let path = "/v1/topics/\(topicID)/generations"

            for (body, label) in [
                (#"{"review": "yes"}"#, "a string"), (#"{"review": null}"#, "null"), (#"{"review": 1}"#, "1"),
            ] {
                expectProblem(
                    check.add(
                        try await server.call(.POST, path, token: admin, json: body), "Problem", label: "400 \(label)"),
                    status: 400, code: "bad_request", field: "review")
            }

            // French basics' fourth batch has a flagged card and a recorded review that rewrites it.
            let accepted = check.add(
                try await server.call(.POST, path, token: admin, json: #"{"batches": 4, "review": true}"#),
                "Generation", label: "202")
            #expect(accepted.status == 202, "\(accepted.text)")
            #expect(accepted.json["review"] as? Bool == true)
            let id = try #require(accepted.json["id"] as? String)
            let stream = try await server.events("/v1/generations/\(id)/events", token: admin)
            #expect(stream.events.last?.name == "done", "\(stream.text)")
            let polled = check.add(
                try await server.call(.GET, "/v1/generations/\(id)", token: admin), "Generation", label: "poll")
            #expect(polled.json["status"] as? String == "succeeded")
            #expect(polled.json["review"] as? Bool == true)
        }
        try await check.validate(in: fixture.directory)

        let store = fixture.store
        let reviews = try await store.scalarInteger("SELECT COUNT(*) FROM llm_usage WHERE kind = 'review'")
        let reviewsWithBatch = try await store.scalarInteger(
            "SELECT COUNT(*) FROM llm_usage WHERE kind = 'review' AND batch_id IS NOT NULL")
        let reviewsOfBatch4 = try await store.scalarInteger(
            """
            SELECT COUNT(*) FROM llm_usage u JOIN batches b ON b.id = u.batch_id
            WHERE u.kind = 'review' AND b.number = 4
            """)
        let batches = try await store.scalarInteger("SELECT COUNT(*) FROM llm_usage WHERE kind = 'batch'")
        // Every batch with a flagged card was reviewed (the fixture keeps the cards of batches it has no review for).
        #expect((reviews ?? 0) >= 1)
        #expect(reviewsWithBatch == reviews)
        #expect(reviewsOfBatch4 == 1)
        #expect(batches == 4)
    }
}
