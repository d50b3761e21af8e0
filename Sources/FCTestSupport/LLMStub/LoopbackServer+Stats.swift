extension LoopbackServer {
    /// The server's `/stats` counters: `connections` and `requests` since start (every route counts), the most
    /// requests answered at once (`max_in_flight`), and for the `/openai/…` route the chat requests answered
    /// (`chats`, outlines included), those read (`chats_received`, counted before the route's delay) and the sums of
    /// the `prompt_tokens` and `completion_tokens` their replies reported.
    package func counters() async throws -> [String: Int] {
        state.read(\.counters.named)
    }

    /// Waits until counter `name` (one of ``counters()``'s) reaches `value`: `true` then, `false` when `limit` passed
    /// first (by default ``TestPatience``: a hang). The server wakes the waiter when the count changes; nothing polls.
    package func waitForCounter(_ name: String, toReach value: Int, atMost limit: Duration = TestPatience.duration)
        async
        -> Bool
    {
        await state.wait(until: { ($0.counters.named[name] ?? 0) >= value }, atMost: limit)
    }

    /// Opens gate `name`, as `/release/<name>` does, without a request: `/gate/<name>`, `/sse-gated/<name>` and
    /// `/openai-stream-gated/<name>` go on.
    package func release(_ name: String) {
        state.release(name)
    }
}
