import FCContract
import FCPipeline
import HTTPTypes
import Hummingbird

/// Work on several cards of one deck at once (the web app's multi-select): one transaction, all or nothing.
enum CardSelectionRoutes {
    /// The most cards one request may name: a deck page of the web app is 20, its "select all" a few pages.
    static let maxIDs = 500

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        let maxBody = environment.settings.maxBodyBytes
        return [
            Route(.post, "/v1/topics/{id}/cards/delete", .admin) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                _ = try await Topics.existing(on: store, id: topicID)
                let body = try await JSONBody.read(request, allowed: ["ids"], maxBytes: maxBody)
                let ids = try body.ids("ids", atMost: maxIDs, noun: "card")
                let deleted = try await CardEditing.delete(on: store, ids: ids, inTopic: topicID)
                return try JSONResponse.make(CardsDeletedJSON(deleted: deleted))
            }
        ]
    }
}
