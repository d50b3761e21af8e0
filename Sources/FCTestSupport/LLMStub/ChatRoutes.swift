import Hummingbird

/// The stub as a busy, well-behaved model: every request gets 15 new cards (see ``ChatReplies``).
///
/// - `POST /openai/<seconds>/v1/chat/completions`: waits, then one chat completion. A topic-outline request (its
///   body names the `topic_outline` schema or asks to "Plan a flashcard deck") gets an outline of 6 subtopics × 4
///   levels. Use base URL `http://127.0.0.1:<port>/openai/<seconds>/v1` for an OpenAI-compatible provider.
/// - `POST /openai-gated/<name>/v1/chat/completions`: the same, but each request waits (``TestPatience`` at most)
///   for `/release/<name>` (``LoopbackServer/release(_:)``) rather than a time: the reply comes when the test says,
///   however busy the machine.
/// - `POST /openai-stream/<seconds>/v1/chat/completions`: the cards as chat-completion chunks, the text pieces spread
///   evenly over `<seconds>`; an outline request (never streamed) gets the outline as one completion.
/// - `POST /openai-stream-cut/<seconds>/v1/chat/completions`: the same, but the first request of this server's life
///   stops halfway (no finish, no `[DONE]`) and its connection closes.
/// - `POST /openai-stream-gated/<name>/v1/chat/completions`: streamed without pauses, but after half the text it waits
///   (``TestPatience`` at most) for `/release/<name>`; not released, the connection closes without finishing. Proves a client
///   saw cards before the reply could be complete, whatever the timing.
/// - `POST /anthropic-stream/<seconds>/v1/messages`: the cards as Anthropic Messages events over `<seconds>`.
enum ChatRoutes {
    static func answer(_ call: StubCall) async throws -> Response {
        let state = call.state
        let route = call.parts[0]
        let outline = ChatReplies.isOutlineRequest(call.body)
        switch route {
        case "openai", "openai-gated":
            state.change { $0.counters.chatsReceived += 1 }
            if route == "openai-gated" {
                guard await state.waitForRelease(call.part(1)) else { try await call.context.dropConnection() }
            } else {
                try await stubDelay(call.seconds(1))
            }
            let number = state.change { fields in
                fields.counters.chats += 1
                if !outline { fields.counters.completions += 1 }
                return fields.counters.completions
            }
            let completion = ChatReplies.chatCompletion(number, outline: outline)
            state.change { fields in
                fields.counters.promptTokens += completion.promptTokens
                fields.counters.completionTokens += completion.completionTokens
            }
            return StubReply.bytes(200, completion.body, headers: [("Content-Type", "application/json")])
        case "openai-stream-gated":
            let number = state.change { fields in
                fields.counters.completions += 1
                return fields.counters.completions
            }
            let events = ChatReplies.openAIStreamEvents(number, includeUsage: includesUsage(call))
            return stream(events, over: 0, cut: false, gate: call.part(1), call)
        case "openai-stream" where outline, "openai-stream-cut" where outline:
            // fcgen asks for a topic's outline without streaming, whatever --stream says.
            return StubReply.bytes(
                200, ChatReplies.chatCompletion(0, outline: true).body, headers: [("Content-Type", "application/json")])
        default:  // "openai-stream", "openai-stream-cut", "anthropic-stream"
            let (number, cut) = state.change { fields in
                fields.counters.completions += 1
                let cut = route == "openai-stream-cut" && !fields.cutDone
                if cut { fields.cutDone = true }
                return (fields.counters.completions, cut)
            }
            let events =
                route == "anthropic-stream"
                ? ChatReplies.anthropicStreamEvents(number)
                : ChatReplies.openAIStreamEvents(number, includeUsage: includesUsage(call))
            return stream(events, over: call.seconds(1), cut: cut, gate: nil, call)
        }
    }

    /// Whether a chat-completions body asks for a usage chunk (`stream_options.include_usage`).
    private static func includesUsage(_ call: StubCall) -> Bool {
        call.body.contains(subsequence: "include_usage")
    }

    /// Sends `events` as `text/event-stream`, the content events spread evenly over `seconds`.
    ///
    /// With `cut`, stops before the second half of the content and closes the connection. With `gate`, waits at half
    /// the content for `/release/<gate>` (``TestPatience`` at most) and, not released, does the same.
    private static func stream(
        _ events: [ChatReplies.StreamEvent], over seconds: Double, cut: Bool, gate: String?, _ call: StubCall
    ) -> Response {
        let pieces = events.filter(\.isContent).count
        let state = call.state
        let context = call.context
        return StubReply.eventStream { writer in
            var sent = 0
            for event in events {
                if event.isContent {
                    if cut && sent >= pieces / 2 { try await context.dropConnection() }
                    if let gate, sent == pieces / 2, await !state.waitForRelease(gate) {
                        try await context.dropConnection()
                    }
                    sent += 1
                    try await stubDelay(seconds / Double(max(1, pieces)))
                }
                try await writer.write(bytes: event.bytes)
            }
        }
    }
}
