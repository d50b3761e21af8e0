import FCContract
import FCCore
import FCPipeline
import FCScheduler
import FCStore
package import Foundation
import HTTPTypes
import Hummingbird

/// `POST /v1/reviews` (one answer) and `POST /v1/reviews/batch` (up to 100, all or nothing), each with a required
/// `Idempotency-Key`: a phone retrying on a flaky network gets the first answer back and never records (or
/// earns XP) twice (``FCPipeline/ReviewRecorder/record(_:userID:idempotencyKey:requestHash:respond:)``).
enum ReviewRoutes {
    static let reviewFields: Set<String> = ["cardId", "rating", "at", "durationMs"]

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let maxBody = environment.settings.maxBodyBytes
        return [
            Route(.post, "/v1/reviews", .learner) { request, context in
                let userID = try context.requireLearner().userID
                let key = try idempotencyKey(request)
                let body = try await JSONBody.read(request, allowed: reviewFields, maxBytes: maxBody)
                let input = try review(body.members, userID: userID, field: "")
                return try await record([input], single: true, body: body, key: key, userID: userID, environment)
            },
            Route(.post, "/v1/reviews/batch", .learner) { request, context in
                let userID = try context.requireLearner().userID
                let key = try idempotencyKey(request)
                let body = try await JSONBody.read(request, allowed: ["reviews"], maxBytes: maxBody)
                guard case .array(let items) = body.members["reviews"] ?? .null else {
                    throw Problem.badRequest("\"reviews\" must be an array of reviews", field: "reviews")
                }
                guard (1...100).contains(items.count) else {
                    throw Problem.badRequest("\"reviews\" must hold 1 to 100 reviews", field: "reviews")
                }
                let inputs = try items.enumerated().map { index, item in
                    guard case .object(let members) = item else {
                        throw Problem.badRequest("reviews[\(index)] must be an object", field: "reviews[\(index)]")
                    }
                    return try review(members, userID: userID, field: "reviews[\(index)].")
                }
                return try await record(inputs, single: false, body: body, key: key, userID: userID, environment)
            },
        ]
    }

    /// The `Idempotency-Key` header: required, 1 to 200 visible ASCII characters.
    static func idempotencyKey(_ request: Request) throws -> String {
        guard let key = request.headers[.idempotencyKey], !key.isEmpty else {
            throw Problem.badRequest("the Idempotency-Key header is required", field: "Idempotency-Key")
        }
        guard key.count <= 200, key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw Problem.badRequest(
                "Idempotency-Key must be 1 to 200 visible ASCII characters", field: "Idempotency-Key")
        }
        return key
    }

    private static func record(
        _ inputs: [ReviewInput], single: Bool, body: JSONBody, key: String, userID: Int64,
        _ environment: ServiceEnvironment
    ) async throws -> Response {
        let canonical = (single ? "single:" : "batch:") + JSONWriter(pretty: false).write(.object(body.members))
        let hash = SHA256Hex.of(canonical)
        let reply: IdempotentReply
        do {
            reply = try await environment.study.recorder.record(
                inputs, userID: userID, idempotencyKey: key, requestHash: hash
            ) { results in
                ReviewJSON.document(results.map(ReviewJSON.init), single: single)
            }
        } catch PipelineError.eventTime(let violation) {
            throw timeProblem(violation, single: single)
        }
        var response = JSONResponse.text(reply.response, status: HTTPResponse.Status(code: reply.status))
        response.headers[.idempotentReplayed] = reply.replayed ? "true" : "false"
        return response
    }

    /// The problem for a review time out of range, naming its field (`at`, `reviews[2].at`): a time in the future
    /// is `400 bad_request` (no answer can have it); one before the card existed or before the learner's last
    /// review of it is `422 bad_input` (it does not fit what is stored).
    static func timeProblem(_ violation: EventTimeViolation, single: Bool) -> Problem {
        let field = single ? "at" : "reviews[\(violation.index ?? 0)].at"
        let detail = violation.named(field).description
        guard violation.isBadInput else { return .badRequest(detail, field: field) }
        return Problem(ErrorCode.badInput, detail: detail, field: field)
    }

    /// One review from its JSON members; `field` prefixes the member names in problems (`reviews[2].`). Without
    /// `at` the review is dated by the recorder's clock when it is recorded.
    static func review(_ members: [String: JSONValue], userID: Int64, field: String) throws -> ReviewInput {
        if let unknown = members.keys.sorted().first(where: { !reviewFields.contains($0) }) {
            throw Problem.badRequest("unknown field \"\(field)\(unknown)\"", field: field + unknown)
        }
        let body = JSONBody(members: members)
        let cardID = try prefixed(field) { try body.requiredInteger("cardId", in: 1...Int64.max) }
        let rating = try RatingWord.parse(members["rating"], field: field + "rating")
        var time: Date?
        if let at = members["at"] {
            guard case .string(let text) = at, let date = RFC3339Parser.parse(text) else {
                throw Problem.badRequest(
                    "\"\(field)at\" must be an RFC 3339 time such as 2026-11-23T12:00:00.000Z", field: field + "at")
            }
            time = date
        }
        let duration = try prefixed(field) { try body.integer("durationMs", in: 0...86_400_000) }
        return ReviewInput(
            userID: userID, cardID: cardID, rating: rating, at: time, durationMilliseconds: duration.map { Int($0) })
    }

    /// Runs `body`, naming the field of its problem with `prefix`.
    private static func prefixed<T>(_ prefix: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var problem as Problem {
            if let field = problem.field, !prefix.isEmpty {
                problem.field = prefix + field
                problem.detail = problem.detail.replacingOccurrences(of: "\"\(field)\"", with: "\"\(prefix)\(field)\"")
            }
            throw problem
        }
    }
}

/// A recorded review as the API shows it.
package struct ReviewJSON: Encodable {
    package var cardId: Int64
    package var rating: String
    package var reviewedAt: Date
    package var due: Date
    package var reps: Int
    package var lapses: Int
    package var algorithm: String
    package var xpGained: Int

    package init(
        cardId: Int64, rating: String, reviewedAt: Date, due: Date, reps: Int, lapses: Int, algorithm: String,
        xpGained: Int
    ) {
        self.cardId = cardId
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.due = due
        self.reps = reps
        self.lapses = lapses
        self.algorithm = algorithm
        self.xpGained = xpGained
    }

    init(_ result: ReviewResult) {
        cardId = result.cardID
        rating = RatingWord.word(result.rating)
        reviewedAt = result.reviewedAt
        due = result.state.due
        reps = result.state.reps
        lapses = result.state.lapses
        algorithm = result.algorithm.rawValue
        xpGained = result.rewards?.xpGained ?? 0
    }
}

extension HTTPField.Name {
    /// The client's key for one logical request (IETF draft "The Idempotency-Key HTTP Header Field").
    // swift-format-ignore: NeverForceUnwrap
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// `true` on a response that replays the first answer to an `Idempotency-Key`.
    // swift-format-ignore: NeverForceUnwrap
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
}
