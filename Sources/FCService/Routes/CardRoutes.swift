import FCContract
import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird

/// Cards: a topic's deck page by page, searched and filtered (learners), one card (learners), and creating, editing, deleting and moving
/// cards (admins), with the card rules and twin semantics of `fcgen card add|edit|delete|move`.
enum CardRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        let maxBody = environment.settings.maxBodyBytes
        return [
            Route(.get, "/v1/topics/{id}/cards", .learner) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                let limit = try request.queryInteger("limit", in: 1...200, default: 50)
                let learner = try context.requireLearner()
                let day = try await environment.day(of: learner)
                let filter = try CardFilterQuery.filter(
                    of: request, dueBy: day.endOfDay(containing: environment.now()))
                let anchor = try request.uri.queryParameters.get("cursor").map {
                    try CardCursor.decode($0, topicID: topicID, filter: filter)
                }
                // One more than asked: whether it comes back says if there is a next page.
                let page = try await Cards.page(
                    on: store, topicID: topicID, userID: learner.userID, filter: filter, after: anchor, limit: limit + 1
                )
                let shown = page.prefix(limit)
                let next =
                    page.count > limit
                    ? shown.last.map { CardCursor.encode($0.details.card, topicID: topicID, filter: filter) } : nil
                return try JSONResponse.make(
                    CardPageJSON(
                        topicId: topicID, cards: shown.map { CardJSON.api($0.details, progress: $0.progress) },
                        next: next))
            },
            Route(.post, "/v1/topics/{id}/cards", .admin) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                _ = try await Topics.existing(on: store, id: topicID)
                let body = try await JSONBody.read(request, allowed: CardInput.createFields, maxBytes: maxBody)
                let input = try CardInput(body, twinField: "reverse")
                let kind = input.kind ?? .question
                let checked = try CardRuleCheck.check(
                    CardContent(
                        kind: kind, question: input.question ?? "", answer: input.answer ?? "",
                        explanation: input.explanation ?? nil, hasImage: false,
                        choices: try CardChoicesRead.choices(kind: kind, input)),
                    reversed: input.twin, twinField: "reverse")
                let added = try await CardEditing.add(
                    on: store,
                    NewCard(
                        topicID: topicID, kind: checked.kind, question: checked.question, answer: checked.answer,
                        explanation: checked.explanation, origin: .manual, withTwin: input.twin,
                        choices: checked.choices))
                return try JSONResponse.make(
                    CardList(
                        cards: added.cards.map { CardJSON.api($0) }, siblings: added.siblings.map { CardJSON.api($0) }),
                    status: .created)
            },
            Route(.get, "/v1/cards/{id}", .learner) { request, context in
                let id = try request.id(of: "card", context: context)
                let (details, source) = try await Cards.detailsAndSource(on: store, id: id)
                return try JSONResponse.make(OneCard(card: CardJSON.api(details, source: source)))
            },
            Route(.patch, "/v1/cards/{id}", .admin) { request, context in
                let id = try request.id(of: "card", context: context)
                _ = try await Cards.details(on: store, id: id)
                let body = try await JSONBody.read(request, allowed: CardInput.editFields, maxBytes: maxBody)
                let input = try CardInput(body, twinField: "alsoTwin")
                // The card is read, checked and written in one transaction: a concurrent edit can't slip between.
                let edit = try await CardEditing.edit(on: store, id: id, alsoTwin: input.twin) { current in
                    let kind = input.kind ?? current.card.kind
                    let choices = try CardChoicesRead.choices(
                        kind: kind, input, current: current.card.choices, currentAnswer: current.card.answer)
                    // A cloze card's answer follows its text, and an mcq card's its correct option: both are derived
                    // again unless the body gives one (which must then agree).
                    let keptAnswer = kind == .cloze || kind == .mcq ? "" : current.card.answer
                    let checked = try CardRuleCheck.check(
                        CardContent(
                            kind: kind, question: input.question ?? current.card.question,
                            answer: input.answer ?? keptAnswer,
                            explanation: input.explanation ?? current.card.explanation,
                            hasImage: current.image != nil, choices: choices),
                        reversed: input.twin && current.twinID != nil, twinField: "alsoTwin")
                    return CardUpdate(
                        kind: checked.kind, question: checked.question, answer: checked.answer,
                        explanation: checked.explanation, choices: checked.choices)
                }
                return try JSONResponse.make(
                    CardEditJSON(
                        card: CardJSON.api(edit.card), twin: edit.twin.map { CardJSON.api($0) },
                        twinUpdated: edit.twinUpdated))
            },
            Route(.delete, "/v1/cards/{id}", .admin) { request, context in
                let id = try request.id(of: "card", context: context)
                // A cloze card's siblings go with it, and are named.
                let deleted = try await CardEditing.delete(on: store, ids: [id])
                return try JSONResponse.make(CardsDeletedJSON(deleted: deleted))
            },
            Route(.post, "/v1/cards/{id}/move", .admin) { request, context in
                let id = try request.id(of: "card", context: context)
                _ = try await Cards.details(on: store, id: id)
                let body = try await JSONBody.read(request, allowed: ["topicId", "position"], maxBytes: maxBody)
                let topicID = try body.integer("topicId", in: 1...Int64.max)
                let position = try body.integer("position", in: 1...Int64(Int32.max))
                guard topicID != nil || position != nil else {
                    throw Problem.badRequest("give \"topicId\", \"position\" or both", field: "topicId")
                }
                let moved = try await CardEditing.move(
                    on: store, id: id, toTopic: topicID, position: position.map { Int($0) })
                return try JSONResponse.make(CardList(cards: moved.map { CardJSON.api($0) }))
            },
        ]
    }
}
