import FCContract
import FCCore
import FCPipeline
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Generation over HTTP (admin): `POST /v1/topics/{id}/generations` queues N batches (a row in the database) and
/// answers `202` at once; a runner on any instance runs them in the background (``GenerationRunner``), and every
/// instance answers the routes below from the database. Progress is a resource to poll
/// (`GET /v1/generations/{id}`) and a server-sent event stream (`GET /v1/generations/{id}/events`) that replays
/// what a late client missed, honouring `Last-Event-ID`, then follows live until `done` or `failed`, with a
/// `: keep-alive` comment whenever it has been quiet for the keep-alive interval. `DELETE /v1/generations/{id}`
/// cancels one.
enum GenerationRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let registry = environment.generations
        let maxBody = environment.settings.maxBodyBytes
        let metrics = environment.metrics
        let keepAlive = environment.settings.sseKeepAlive
        let streams = environment.eventStreams
        return [
            Route(.post, "/v1/topics/{id}/generations", .admin) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                let body = try await JSONBody.read(
                    request, allowed: ["batches", "language", "maxCostUsd", "storeFallback", "review"],
                    maxBytes: maxBody)
                let batches = Int(try body.integer("batches", in: 1...100) ?? 1)
                var language: LanguageTag?
                if body.members["language"] != nil {
                    let tag = try body.string("language")
                    if let problem = LanguageTag.problem(with: tag) {
                        throw Problem.badRequest("language: \(problem)", field: "language")
                    }
                    language = LanguageTag(tag)
                }
                let maxCost = try body.positiveNumber("maxCostUsd", atMost: Money.largestBudget)
                // As `fcgen generate --review`/`--no-review`; absent, the server's `review` setting decides.
                let review = try body.boolean("review")
                let topic = try await Topics.existing(on: environment.store, id: topicID)
                // Offline, a topic without recorded replies would be templated fallback cards only, never studied.
                if try body.boolean("storeFallback") != true,
                    let known = registry.missingOfflineRecording(topic: topic.name)
                {
                    throw Problem.badRequest(
                        "this server is offline and has no recorded replies for \"\(topic.name)\"; it knows "
                            + known.map { "\"\($0)\"" }.joined(separator: ", ")
                            + ". Import a deck, or send \"storeFallback\": true to store templated fallback cards "
                            + "anyway (never studied)", field: "topic")
                }
                // The budgets' check, the queue's limit and the row in one transaction (a spent daily budget is 429).
                let record = try await registry.submit(
                    topic: topic, batches: batches, language: language, maxCost: maxCost, review: review,
                    requestedBy: context.identity?.userID)
                var response = try JSONResponse.make(GenerationJSON(record), status: .accepted)
                response.headers[.location] = "/v1/generations/\(record.id)"
                return response
            },
            Route(.get, "/v1/generations", .admin) { _, _ in
                try JSONResponse.make(
                    GenerationListJSON(generations: try await registry.records().map(GenerationJSON.init)))
            },
            Route(.get, "/v1/generations/{id}", .admin) { _, context in
                let id = context.parameters.get("id") ?? ""
                guard let record = try await registry.record(id: id) else { throw notFound(id) }
                return try JSONResponse.make(GenerationJSON(record))
            },
            // 202 when this request stops it (a queued one has failed already; a running one stops before its next
            // batch), 200 with nothing changed when it had ended.
            Route(.delete, "/v1/generations/{id}", .admin) { _, context in
                let id = context.parameters.get("id") ?? ""
                guard let outcome = try await registry.cancel(id: id) else {
                    throw notFound(id)
                }
                switch outcome {
                case .cancelledQueued(let record):
                    // The runner never saw it, so it is counted here.
                    metrics.countGeneration(status: "failed")
                    metrics.countCancellation()
                    return try JSONResponse.make(GenerationJSON(record), status: .accepted)
                case .stopping(let record, let first):
                    if first { metrics.countCancellation() }
                    return try JSONResponse.make(GenerationJSON(record), status: .accepted)
                case .finished(let record):
                    return try JSONResponse.make(GenerationJSON(record))
                }
            },
            Route(.get, "/v1/generations/{id}/events", .admin) { request, context in
                let id = context.parameters.get("id") ?? ""
                let after = try lastEventID(request)
                guard let slot = streams.take() else {
                    var problem = Problem(
                        .busy, detail: "the server follows \(streams.limit) event streams, its most; retry shortly")
                    problem.headers[.retryAfter] = "5"
                    throw problem
                }
                guard let subscription = try await registry.subscribe(id: id, after: after) else { throw notFound(id) }
                let body = ResponseBody { writer in
                    // Captured, so held for as long as the body is: the slot is free again once it is gone.
                    _ = slot
                    for event in subscription.missed { try await writer.write(ByteBuffer(string: event.text)) }
                    if let live = subscription.live {
                        for await text in live.keepingAlive(every: keepAlive) {
                            try await writer.write(ByteBuffer(string: text))
                        }
                    }
                    try await writer.finish(nil)
                }
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                    body: body)
            },
        ]
    }

    private static func notFound(_ id: String) -> Problem {
        .notFound("no generation \(id) (finished generations are deleted after a while)")
    }

    /// `Last-Event-ID`: the last event the client has; absent is 0 (everything).
    private static func lastEventID(_ request: Request) throws -> Int {
        guard let text = request.headers[.lastEventID] else { return 0 }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw Problem.badRequest("Last-Event-ID must be an event id (a whole number)", field: "Last-Event-ID")
        }
        return value
    }
}

extension HTTPField.Name {
    /// The id of the last server-sent event the client received (WHATWG HTML, "Server-sent events").
    // swift-format-ignore: NeverForceUnwrap
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
