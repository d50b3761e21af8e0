/// One event of a generation's `text/event-stream`: a numbered id (so `Last-Event-ID` can resume after it), a name
/// (`batch`, `done`, `failed`) and one line of JSON.
package struct ServerSentEvent: Sendable, Hashable {
    /// 1, 2, 3 … within one generation.
    package var id: Int
    package var name: String
    /// Compact JSON: one line, so it fits one `data:` field.
    package var data: String

    /// The event in the wire format (WHATWG HTML, "Server-sent events"), ending with the blank line.
    package var text: String {
        "id: \(id)\nevent: \(name)\ndata: \(data)\n\n"
    }

    /// Whether the generation ended with this event.
    package var isFinal: Bool { name != "batch" }
}
