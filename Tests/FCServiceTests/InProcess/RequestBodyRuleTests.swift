import FCService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// What a JSON body must be beyond well-formed: UTF-8 as declared, each key once. And the event-stream slots.
@Suite("fcgen serve: request body rules", .serialized)
struct RequestBodyRuleTests {
    /// `POST /v1/reviews` of `body` with `contentType`, as the learner.
    static func review(
        _ client: some TestClientProtocol, _ service: ServiceUnderTest, body: String,
        contentType: String = "application/json"
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/reviews", method: .post,
            headers: [
                .authorization: "Bearer \(service.learnerToken)", .contentType: contentType,
                .idempotencyKeyField: UUID().uuidString,
            ],
            body: ByteBuffer(string: body))
    }

    @Test(
        "a body declared in a charset other than UTF-8 is 415; UTF-8 spelled any usual way is read",
        arguments: [
            ("application/json; charset=latin1", 415), ("application/json; charset=ISO-8859-1", 415),
            ("application/json;charset=utf-16", 415), ("application/json; charset=\"latin1\"", 415),
            ("application/json; charset=utf-8", 201), ("application/json; charset=UTF-8", 201),
            ("application/json;charset=\"utf-8\"", 201), ("Application/JSON", 201),
        ])
    func charset(contentType: String, status: Int) async throws {
        let service = try await ServiceUnderTest()
        try await service.application().test(.router) { client in
            let reply = try await Self.review(
                client, service, body: #"{"cardId":\#(service.cardIDs[0]),"rating":"good"}"#, contentType: contentType)
            #expect(Int(reply.status.code) == status, "\(String(buffer: reply.body))")
            if status == 415 {
                #expect(reply.headers[.contentType] == "application/problem+json")
                #expect(String(buffer: reply.body).contains(#""field":"Content-Type""#))
            }
        }
    }

    @Test("a key written twice is 400 naming it, and nothing is recorded")
    func duplicateKeys() async throws {
        let service = try await ServiceUnderTest()
        let card = service.cardIDs[0]
        try await service.application().test(.router) { client in
            let single = try await Self.review(client, service, body: #"{"cardId":\#(card),"rating":1,"rating":4}"#)
            #expect(single.status == .badRequest)
            #expect(String(buffer: single.body).contains(#""field":"rating""#), "\(String(buffer: single.body))")
            let batch = try await client.execute(
                uri: "/v1/reviews/batch", method: .post,
                headers: [
                    .authorization: "Bearer \(service.learnerToken)", .contentType: "application/json",
                    .idempotencyKeyField: "batch-duplicate",
                ],
                body: ByteBuffer(string: #"{"reviews":[{"cardId":\#(card),"cardId":2,"rating":"good"}]}"#))
            #expect(batch.status == .badRequest)
            #expect(
                String(buffer: batch.body).contains(#""field":"reviews[0].cardId""#), "\(String(buffer: batch.body))")
            // The card has no progress for the learner: nothing was recorded.
            let shown = try await client.execute(
                uri: "/v1/cards/\(card)", method: .get, headers: [.authorization: "Bearer \(service.learnerToken)"])
            #expect(shown.status == .ok)
            #expect(!String(buffer: shown.body).contains(#""progress""#), "\(String(buffer: shown.body))")
        }
    }

    @Test("event streams past --max-streams are 503 with Retry-After")
    func eventStreamCap() async throws {
        let service = try await ServiceUnderTest { $0.maxEventStreams = 0 }
        try await service.application().test(.router) { client in
            let reply = try await client.execute(
                uri: "/v1/generations/any/events", method: .get,
                headers: [.authorization: "Bearer \(service.adminToken)"])
            #expect(reply.status == .serviceUnavailable)
            #expect(reply.headers[.retryAfter] == "5")
            #expect(String(buffer: reply.body).contains(#""code":"busy""#))
        }
    }

    @Test("a stream slot is given back when what holds it goes away")
    func slotsAreGivenBack() {
        let slots = EventStreamSlots(limit: 2)
        var held = [slots.take(), slots.take()]
        #expect(held.allSatisfy { $0 != nil } && slots.count == 2)
        #expect(slots.take() == nil && slots.count == 2)
        held.removeLast()
        #expect(slots.count == 1)
        #expect(slots.take() != nil)
        #expect(slots.count == 1)
        held.removeAll()
        #expect(slots.count == 0)
    }
}
