import FCCore
import FCTestSupport
import Foundation
import Testing

@testable import FCGenerator

/// The retry loop against a stub transport and manual clocks: exact schedules, no network, no real waiting.
struct RetryLogicTests {
    let busy = StubTransport.Reply.json(status: 503, #"{"error":{"message":"overloaded"}}"#)
    let ok = StubTransport.Reply.json(Fixtures.openAIBody())

    func provider(
        _ transport: StubTransport,
        clock: any Clock<Duration>,
        events: EventLog,
        apiKey: String? = nil,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maxDelay: .seconds(30)),
        requestsPerMinute: Int? = nil,
        seed: UInt64 = 42
    ) -> any LLMProvider {
        makeProvider(
            Fixtures.settings(
                baseURL: URL(string: "http://stub.invalid/v1"),
                apiKey: apiKey,
                retry: retry,
                requestsPerMinute: requestsPerMinute
            ),
            transport: transport,
            clock: clock,
            random: RandomSource(seed: seed),
            events: events.handler
        )
    }

    @Test func backoffScheduleIsExactForASeed() async throws {
        let transport = StubTransport(replies: [busy, busy, busy, ok])
        let clock = ImmediateClock()
        let events = EventLog()
        let completion = try await provider(transport, clock: clock, events: events).complete(Fixtures.request())
        #expect(completion.text == Fixtures.cardsText)
        // The same draws as RetryPolicyTests' seed-42 schedule: one per retry.
        let policy = RetryPolicy()
        let random = RandomSource(seed: 42)
        let expected = (1...3).map { policy.backoff(beforeRetry: $0, random: random) }
        #expect(clock.sleeps == expected)
        #expect(events.retryDelays == expected)
        #expect(transport.requests.count == 4)
        let attempts = events.all.compactMap { event -> Int? in
            if case .retrying(_, let attempt, _, _) = event { return attempt }
            return nil
        }
        #expect(attempts == [2, 3, 4])
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastError() async {
        let transport = StubTransport(replies: [busy, busy, .failure(.connectionLost("reset"))], fallback: busy)
        let clock = ImmediateClock()
        let events = EventLog()
        let provider = provider(
            transport,
            clock: clock,
            events: events,
            retry: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), maxDelay: .seconds(30))
        )
        await #expect(
            throws: GeneratorError.unavailable(
                provider: "openai", attempts: 3, lastError: "connection lost before the response was complete: reset")
        ) {
            try await provider.complete(Fixtures.request())
        }
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps.count == 2)
    }

    @Test func clientErrorsAreNotRetried() async {
        for status in [400, 401, 403, 404, 422] {
            let transport = StubTransport(replies: [.json(status: status, #"{"error":{"message":"nope"}}"#), ok])
            let clock = ImmediateClock()
            let provider = provider(transport, clock: clock, events: EventLog())
            do {
                _ = try await provider.complete(Fixtures.request())
                Issue.record("HTTP \(status) should fail")
            } catch let error as GeneratorError {
                guard case .rejected(let name, let got, let message, let hint) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(name == "openai" && got == status && message == "nope" && !hint.isEmpty)
            } catch {
                Issue.record("unexpected \(error)")
            }
            #expect(transport.requests.count == 1, "HTTP \(status) was retried")
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func retryableStatusesAreRetried() async throws {
        for status in [408, 409, 429, 500, 502, 503, 504] {
            let transport = StubTransport(replies: [.json(status: status, "{}"), ok])
            let clock = ImmediateClock()
            _ = try await provider(transport, clock: clock, events: EventLog()).complete(Fixtures.request())
            #expect(transport.requests.count == 2, "HTTP \(status) was not retried")
        }
    }

    @Test func unreadableSuccessIsRetriedOnceThenReported() async {
        let transport = StubTransport(replies: [.json("not json"), .json("")])
        let clock = ImmediateClock()
        let events = EventLog()
        await #expect(throws: GeneratorError.badResponse(provider: "openai", detail: "empty body")) {
            try await provider(transport, clock: clock, events: events).complete(Fixtures.request())
        }
        #expect(transport.requests.count == 2)
        #expect(events.retryDelays.count == 1)

        let recovers = StubTransport(replies: [.json(#"{"unexpected":true}"#), ok])
        let completion = try? await provider(recovers, clock: ImmediateClock(), events: EventLog())
            .complete(Fixtures.request())
        #expect(completion?.text == Fixtures.cardsText)
    }

    @Test func retryAfterIsHonouredAndCapped() async throws {
        let transport = StubTransport(replies: [
            .json(status: 429, "{}", headers: ["Retry-After": "7"]),
            .json(status: 503, "{}", headers: ["Retry-After": "3600"]),
            ok,
        ])
        let clock = ImmediateClock()
        let retry = RetryPolicy(maxAttempts: 4, maxRetryAfter: .seconds(60))
        _ = try await provider(transport, clock: clock, events: EventLog(), retry: retry).complete(Fixtures.request())
        #expect(clock.sleeps == [.seconds(7), .seconds(60)])
    }

    @Test func retryAfterPausesOtherRequestsThroughTheSameProvider() async throws {
        let clock = TestClock()
        let transport = StubTransport(replies: [.json(status: 429, "{}", headers: ["Retry-After": "5"])], fallback: ok)
        let events = EventLog()
        let provider = provider(transport, clock: clock, events: events)
        let first = Task { try await provider.complete(Fixtures.request()) }
        await clock.waitForSleepers(1)  // the 429'd request sleeps 5 s
        let second = Task { try await provider.complete(Fixtures.request()) }
        await clock.waitForSleepers(2)  // the other request is held by the limiter, not sent
        #expect(transport.requests.count == 1)
        clock.advance(by: .seconds(4))
        #expect(transport.requests.count == 1)
        clock.advance(by: .seconds(1))
        _ = try await first.value
        _ = try await second.value
        #expect(transport.requests.count == 3)
        #expect(events.all.contains(.rateLimited(provider: "openai", delay: .seconds(5))))
    }

    @Test func requestsPerMinuteSpacesCalls() async throws {
        let clock = TestClock()
        let transport = StubTransport(fallback: ok)
        let provider = provider(transport, clock: clock, events: EventLog(), requestsPerMinute: 30)
        _ = try await provider.complete(Fixtures.request())
        let second = Task { try await provider.complete(Fixtures.request()) }
        await clock.waitForSleepers(1)
        #expect(clock.requestedSleeps == [.seconds(2)])
        #expect(transport.requests.count == 1)
        clock.advance(by: .seconds(2))
        _ = try await second.value
        #expect(transport.requests.count == 2)
    }

    @Test func cancellationWhileBackingOffEndsAsCancelled() async {
        let clock = TestClock()
        let transport = StubTransport(fallback: busy)
        let provider = provider(transport, clock: clock, events: EventLog())
        let task = Task { try await provider.complete(Fixtures.request()) }
        await clock.waitForSleepers(1)
        task.cancel()
        await #expect(throws: GeneratorError.cancelled) { try await task.value }
        #expect(transport.requests.count == 1)
    }

    @Test func transportCancellationIsNotRetried() async {
        let transport = StubTransport(replies: [.failure(.cancelled)], fallback: ok)
        await #expect(throws: GeneratorError.cancelled) {
            try await provider(transport, clock: ImmediateClock(), events: EventLog()).complete(Fixtures.request())
        }
        #expect(transport.requests.count == 1)
    }
}
