import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird

/// A learner's bookmarks (the feed's swipe left): set and remove per card, both idempotent, and the list.
/// Bookmarks are the caller's own: another learner never sees or changes them.
enum BookmarkRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        return [
            Route(.put, "/v1/cards/{id}/bookmark", .learner) { request, context in
                let id = try request.id(of: "card", context: context)
                let userID = try context.requireLearner().userID
                let now = environment.now.date()
                let since = try await CardBookmarks.set(on: store, cardID: id, userID: userID, at: now)
                return try JSONResponse.make(BookmarkState(cardId: id, bookmarked: true, bookmarkedAt: since))
            },
            Route(.delete, "/v1/cards/{id}/bookmark", .learner) { request, context in
                let id = try request.id(of: "card", context: context)
                let userID = try context.requireLearner().userID
                try await CardBookmarks.remove(on: store, cardID: id, userID: userID)
                return try JSONResponse.make(BookmarkState(cardId: id, bookmarked: false, bookmarkedAt: nil))
            },
            Route(.get, "/v1/bookmarks", .learner) { request, context in
                let userID = try context.requireLearner().userID
                let limit = try request.queryInteger("limit", in: 1...200, default: 50)
                let topicID: Int64? =
                    request.uri.queryParameters.get("topicId") == nil
                    ? nil : Int64(try request.queryInteger("topicId", in: 1...Int.max, default: 1))
                let (list, total) = try await CardBookmarks.list(
                    on: store, userID: userID, topicID: topicID, limit: limit)
                return try JSONResponse.make(
                    BookmarkList(
                        total: total,
                        bookmarks: list.map {
                            BookmarkList.Item(card: CardJSON.api($0.details), bookmarkedAt: $0.createdAt)
                        }
                    ))
            },
        ]
    }
}

/// `PUT` and `DELETE /v1/cards/{id}/bookmark`: the card's bookmark after the call.
struct BookmarkState: Encodable {
    var cardId: Int64
    var bookmarked: Bool
    /// When it was first bookmarked; absent once removed.
    var bookmarkedAt: Date?
}

/// `GET /v1/bookmarks`: the caller's bookmarks, newest first, and how many there are in all.
struct BookmarkList: Encodable {
    struct Item: Encodable {
        var card: CardJSON
        var bookmarkedAt: Date
    }

    var total: Int
    var bookmarks: [Item]
}
