import AsyncHTTPClient
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1

/// One server-sent event as a client reads it.
struct StreamEvent: Sendable, Equatable {
    var id: Int
    var name: String
    var data: String

    /// The data as a JSON object.
    var json: [String: any Sendable] {
        (try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: any Sendable]) ?? [:]
    }
}

/// What reading an event stream gave: the status, the content type, the events in order.
struct EventStreamReply: Sendable {
    var status: Int
    var contentType: String
    var events: [StreamEvent]
    /// The body when the reply was not a stream (a problem document).
    var text: String
}

extension LoopbackEndpoint {
    /// Reads `path` as `text/event-stream` with AsyncHTTPClient until the server ends the stream (``TestPatience``
    /// bounds the wait: a hang), parsing each event as it arrives.
    ///
    /// - Parameters:
    ///   - connected: called once the response head has arrived (the server has subscribed the client).
    ///   - received: called with each block as it arrives (an event, or a comment such as a keep-alive).
    func events(
        _ path: String, token: String, lastEventID: Int? = nil, connected: @Sendable () -> Void = {},
        received: @Sendable (String) -> Void = { _ in }
    ) async throws -> EventStreamReply {
        var request = HTTPClientRequest(url: base + path)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: String(lastEventID)) }
        let response = try await TestHTTPClient.shared.execute(
            request, timeout: .seconds(Int64(TestPatience.seconds)))
        connected()
        let contentType = response.headers.first(name: "content-type") ?? ""
        var pending = ""
        var text = ""
        var events: [StreamEvent] = []
        for try await buffer in response.body {
            let chunk = String(buffer: buffer)
            text += chunk
            pending += chunk
            while let end = pending.range(of: "\n\n") {
                let block = String(pending[..<end.lowerBound])
                pending = String(pending[end.upperBound...])
                received(block)
                if let event = Self.parse(block) { events.append(event) }
            }
        }
        return EventStreamReply(
            status: Int(response.status.code), contentType: contentType, events: events, text: text)
    }

    /// One block as `EventSource` reads it: a line starting with a colon is a comment, and a block without data
    /// (a keep-alive comment alone) dispatches no event.
    private static func parse(_ block: String) -> StreamEvent? {
        var event = StreamEvent(id: 0, name: "message", data: "")
        var hasData = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix(":") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon]
            var value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
            switch field {
            case "id": event.id = Int(value) ?? 0
            case "event": event.name = String(value)
            case "data":
                event.data += (hasData ? "\n" : "") + String(value)
                hasData = true
            default: break
            }
        }
        return hasData ? event : nil
    }
}
