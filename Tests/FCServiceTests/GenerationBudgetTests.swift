import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Budgets on `POST /v1/topics/{id}/generations`: the request's `maxCostUsd` (as `fcgen generate --max-cost`), the
/// topic's daily budget and the overall `daily_budget`, against the service in process and an OpenAI-compatible
/// stub on loopback. Prices make the arithmetic plain: input free, output $1 a token, `max_output_tokens` 64, so
/// every request's worst case is $64 and each reply (hundreds of completion tokens) costs far more.
@Suite("the service: generation budgets (in process, on a socket)")
struct GenerationBudgetTests {
    static let prices = """
        "max_output_tokens": 64, "prices": {"gpt-4o-mini": {"input_per_million": 0, "output_per_million": 1000000}}
        """

    @Test("maxCostUsd and a topic's daily budget stop a generation before the request that would cross them")
    func budgetsStopGenerations() async throws {
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        let fixture = try await ServiceUnderTest(seeded: false)
        try fixture.useStubProvider(stub.url("/openai/0/v1"), extra: Self.prices)
        let admin = fixture.adminToken
        let check = OpenAPICheck()
        let geologyID = try await fixture.serveLive(provider: .configured) { server in

            // maxCostUsd 100: the first request's worst case ($64) fits, the second's does not once the first is paid.
            let geology = try await server.createTopic("Geology", token: admin)
            let accepted = check.add(
                try await server.call(
                    .POST, "/v1/topics/\(geology)/generations", token: admin,
                    json: #"{"batches": 3, "maxCostUsd": 100}"#),
                "Generation", label: "202 with maxCostUsd")
            #expect(accepted.status == 202, "\(accepted.text)")
            #expect(accepted.json["maxCostUsd"] as? Double == 100)
            let id = try #require(accepted.json["id"] as? String)
            let stream = try await server.events("/v1/generations/\(id)/events", token: admin)
            #expect(stream.events.map(\.name) == ["batch", "failed"], "\(stream.text)")
            let error = try #require(stream.events.last?.json["error"] as? [String: Any])
            #expect(error["code"] as? String == "budget_exceeded")
            #expect(error["status"] as? Int == 429)
            #expect((error["detail"] as? String)?.contains("of $100.0000") == true, "\(error)")
            var counters = try await stub.counters()
            #expect(counters["chats_received"] == 1, "no request over the budget reached the provider")
            #expect((counters["completion_tokens"] ?? 0) > 100, "one reply costs more than the budgets below")
            #expect(try await fixture.storedBatches(topic: "Geology") == 1)

            // The topic's daily budget ($100): the first request passes, then the day's spending is past it.
            let tides = try await server.createTopic("Tides", token: admin)
            try await fixture.setDailyBudget(100, topic: "Tides")
            let daily = try await server.call(
                .POST, "/v1/topics/\(tides)/generations", token: admin, json: #"{"batches": 3}"#)
            #expect(daily.status == 202, "\(daily.text)")
            let dailyStream = try await server.events(
                "/v1/generations/\(try #require(daily.json["id"] as? String))/events", token: admin)
            #expect(dailyStream.events.map(\.name) == ["batch", "failed"], "\(dailyStream.text)")
            let dailyError = try #require(dailyStream.events.last?.json["error"] as? [String: Any])
            #expect(dailyError["code"] as? String == "budget_exceeded")
            #expect((dailyError["detail"] as? String)?.contains("daily budget") == true, "\(dailyError)")
            counters = try await stub.counters()
            #expect(counters["chats_received"] == 2)

            // Spent already: the request itself is refused, nothing is queued, until the next UTC day.
            let refused = check.add(
                try await server.call(.POST, "/v1/topics/\(tides)/generations", token: admin, json: #"{"batches": 1}"#),
                "Problem", label: "429 budget spent")
            expectProblem(refused, status: 429, code: "budget_exceeded")
            let retry = Int(refused.headers.first(name: "Retry-After") ?? "") ?? 0
            #expect((1...86_400).contains(retry), "Retry-After: the next UTC day")
            #expect((refused.json["detail"] as? String)?.contains(#"topic "Tides"'s daily budget"#) == true)
            let listed = try await server.call(.GET, "/v1/generations", token: admin)
            #expect((listed.json["generations"] as? [Any])?.count == 2)

            // maxCostUsd must be a number greater than 0.
            for body in [#"{"maxCostUsd": 0}"#, #"{"maxCostUsd": -1}"#, #"{"maxCostUsd": "1"}"#] {
                expectProblem(
                    try await server.call(.POST, "/v1/topics/\(geology)/generations", token: admin, json: body),
                    status: 400, code: "bad_request", field: "maxCostUsd")
            }
            #expect(try await stub.counters()["chats_received"] == 2)
            return geology
        }

        // The overall daily_budget ($100), with today's spending past it: refused before anything is queued.
        try fixture.useStubProvider(stub.url("/openai/0/v1"), extra: Self.prices + #", "daily_budget": 100"#)
        try await fixture.serveLive(provider: .configured) { second in
            let overall = try await second.call(
                .POST, "/v1/topics/\(geologyID)/generations", token: admin, json: #"{"batches": 1}"#)
            expectProblem(overall, status: 429, code: "budget_exceeded")
            #expect((overall.json["detail"] as? String)?.contains("the daily budget of $100.0000") == true)
            #expect(try await stub.counters()["chats_received"] == 2)
        }
        try await check.validate(in: fixture.directory)
    }
}
