import FCContract
import FCCore
import FCPipeline
import Foundation
import HTTPTypes
import Hummingbird

/// What a learner does in a session besides answering, as `fcgen session undo|bury|suspend` does it: take the last
/// answer back, bury the current card until the learner's tomorrow, suspend it until `unsuspend`; and in a quiz,
/// claim a wrong answer right ("I was right", as `fcgen quiz` offers it). Each answers with the session as it stands
/// afterwards (bury also says which cloze siblings went with the card); another learner's session is 404, an ended
/// one `409 session_ended`.
enum SessionControlRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let maxBody = environment.settings.maxBodyBytes
        let service = environment.study
        return [
            Route(.post, "/v1/sessions/{id}/undo", .learner) { request, context in
                let session = try await service.openSession(
                    id: request.id(of: "study session", context: context), userID: context.requireLearner().userID)
                let undone = try await service.undo(session)
                var json = try await SessionJSON.make(undone.session, service)
                json.undone = .init(
                    cardId: undone.cardID, reviewRemoved: undone.reviewRemoved, xpReturned: undone.xpReturned)
                return try JSONResponse.make(json)
            },
            Route(.post, "/v1/sessions/{id}/override", .learner) { request, context in
                let session = try await service.openSession(
                    id: request.id(of: "study session", context: context), userID: context.requireLearner().userID)
                let body = try await JSONBody.read(request, allowed: ["position", "cardId"], maxBytes: maxBody)
                let position = Int(try body.requiredInteger("position", in: 0...Int64(Int32.max)))
                let cardID = try body.requiredInteger("cardId", in: 1...Int64.max)
                let overridden: OverriddenAnswer
                do {
                    overridden = try await service.overrideQuizAnswer(session, position: position, cardID: cardID)
                } catch let refusal as QuizOverrideRefusal {
                    throw Problem(.conflict, detail: refusal.description, field: refusal.field)
                }
                var json = try await SessionJSON.make(overridden.session, service)
                json.override = OverrideJSON(overridden)
                json.xpGained = overridden.xpGained
                return try JSONResponse.make(json)
            },
            Route(.post, "/v1/sessions/{id}/bury", .learner) { request, context in
                let identity = try context.requireLearner()
                let session = try await service.openSession(
                    id: request.id(of: "study session", context: context), userID: identity.userID)
                let body = try await JSONBody.read(request, allowed: ["cardId"], maxBytes: maxBody)
                let buried = try await service.buryNext(
                    of: session, cardID: body.requiredInteger("cardId", in: 1...Int64.max),
                    day: try await environment.day(of: identity))
                var json = try await SessionJSON.make(buried.session, service)
                json.buriedUntil = buried.burial.until
                json.buriedSiblings = buried.burial.siblingIDs
                return try JSONResponse.make(json)
            },
            Route(.post, "/v1/sessions/{id}/suspend", .learner) { request, context in
                let userID = try context.requireLearner().userID
                let session = try await service.openSession(
                    id: request.id(of: "study session", context: context), userID: userID)
                let body = try await JSONBody.read(request, allowed: ["cardId"], maxBytes: maxBody)
                let suspended = try await service.suspendNext(
                    of: session, cardID: body.requiredInteger("cardId", in: 1...Int64.max))
                return try JSONResponse.make(try await SessionJSON.make(suspended, service))
            },
            Route(.post, "/v1/cards/{id}/unsuspend", .learner) { request, context in
                let cardID = try request.id(of: "card", context: context)
                try await service.unsuspend(cardIDs: [cardID], userID: context.requireLearner().userID)
                return try JSONResponse.make(SuspensionState(cardId: cardID, suspended: false))
            },
        ]
    }
}

/// What `POST /v1/cards/{id}/unsuspend` answers.
struct SuspensionState: Encodable {
    var cardId: Int64
    var suspended: Bool
}

/// The answer `POST /v1/sessions/{id}/undo` took back.
struct UndoneJSON: Encodable {
    var cardId: Int64
    /// Whether a review (and the card's learning state) was taken back; a free or quiz answer has none.
    var reviewRemoved: Bool
    var xpReturned: Int
}

/// The answer `POST /v1/sessions/{id}/override` counted right on the learner's word.
struct OverrideJSON: Encodable {
    var position: Int
    var cardId: Int64
    /// What the learner answered, as the session keeps it (absent for an answer kept without it).
    var answer: String?
    /// The grader's verdict, kept: `wrong`.
    var verdict: String
    /// The answer had been claimed right before: nothing changed, nothing more earned.
    var alreadyOverridden: Bool

    init(_ overridden: OverriddenAnswer) {
        position = overridden.position
        cardId = overridden.cardID
        answer = overridden.typed
        verdict = overridden.verdict.rawValue
        alreadyOverridden = overridden.alreadyOverridden
    }
}
