import Foundation
import Synchronization

/// The structured-output mode one provider uses for the rest of the run, shared by all its concurrent batches.
///
/// Starts at the configured mode and only ever goes down: when two batches are rejected at the same time, the
/// first to report moves the mode and the second finds it already lower, so the event is emitted once.
package final class StructuredOutputState: Sendable {
    private let mode: Mutex<StructuredOutputMode>
    /// Lowercased fragments that, in an error body, show the server objected to the response format.
    private let keywords: [String]
    /// The chain this provider steps down (Gemini has no separate `json_object_schema`).
    private let next: @Sendable (StructuredOutputMode) -> StructuredOutputMode?

    package init(
        initial: StructuredOutputMode,
        keywords: [String],
        next: @escaping @Sendable (StructuredOutputMode) -> StructuredOutputMode? = { $0.weaker }
    ) {
        mode = Mutex(initial)
        self.keywords = keywords
        self.next = next
    }

    package var current: StructuredOutputMode { mode.withLock { $0 } }

    /// Whether `response` rejects the structured-output part of a request sent with `sentMode`.
    ///
    /// Servers disagree on the status: OpenAI says 400, some proxies 422, llama-cpp-python 500 (see
    /// the recorded sample `d_openai_json_schema` in Tests/FCSanitizerTests/Samples). So any 400, 415, 422 or 5xx whose body names the response format
    /// counts; everything else takes the normal retry path.
    package func isRejection(_ response: LLMHTTPResponse, sentMode: StructuredOutputMode) -> Bool {
        guard sentMode != .none else { return false }
        guard [400, 415, 422].contains(response.status) || (500...599).contains(response.status) else { return false }
        let body = String(decoding: response.body.prefix(8192), as: UTF8.self).lowercased()
        return keywords.contains { body.contains($0) }
    }

    /// Steps down from `sentMode`; returns the mode to use next and whether this call changed it.
    package func downgrade(from sentMode: StructuredOutputMode) -> (mode: StructuredOutputMode, changed: Bool) {
        mode.withLock { current in
            let lower = next(sentMode) ?? .none
            guard lower < current else { return (current, false) }
            current = lower
            return (lower, true)
        }
    }
}
