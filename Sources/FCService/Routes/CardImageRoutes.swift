import FCContract
import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Card pictures: upload one to a card (the raw bytes, checked as `card add --image` checks a file), remove it,
/// and serve a picture by its SHA-256 for as long as a card shows it.
enum CardImageRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        let maxBytes = environment.settings.imageMaxBytes
        return [
            Route(.put, "/v1/cards/{id}/image", .admin) { request, context in
                let id = try request.id(of: "card", context: context)
                _ = try await Cards.details(on: store, id: id)
                let image = try await upload(request, maxBytes: maxBytes)
                let card = try await setImage(.replace(image), cardID: id, on: store)
                return try JSONResponse.make(OneCard(card: CardJSON.api(card)))
            },
            Route(.delete, "/v1/cards/{id}/image", .admin) { request, context in
                let id = try request.id(of: "card", context: context)
                let card = try await setImage(.remove, cardID: id, on: store)
                return try JSONResponse.make(OneCard(card: CardJSON.api(card)))
            },
            Route(.get, "/v1/images/{hash}", .learner) { request, context in
                let hash = context.parameters.get("hash") ?? ""
                let isHash =
                    hash.utf8.count == 64 && hash.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
                guard isHash, let image = try await StoredImages.bytes(on: store, hash: hash) else {
                    throw Problem.notFound("no picture with hash \(hash.prefix(64))")
                }
                // The bytes never change for a hash: caches may keep them for good (private: tokens guard them).
                var headers: HTTPFields = [
                    .eTag: "\"\(hash)\"", .cacheControl: "private, max-age=31536000, immutable",
                    .xContentTypeOptions: "nosniff",
                ]
                if let match = request.headers[.ifNoneMatch], match == "*" || match.contains("\"\(hash)\"") {
                    return Response(status: .notModified, headers: headers)
                }
                headers[.contentType] = image.mimeType
                return Response(
                    status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
            },
        ]
    }

    /// The request body as a checked picture: a declared JPEG, GIF or PNG type (else 415), at most `maxBytes`
    /// (else 413), and bytes that are what the type says (else 422).
    private static func upload(_ request: Request, maxBytes: Int) async throws -> NewImage {
        let declared =
            request.headers[.contentType]?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard let format = ImageFormat(mimeType: declared) else {
            throw Problem(
                .unsupportedMediaType, detail: "send the picture as image/png, image/jpeg or image/gif",
                field: "Content-Type")
        }
        let buffer = try await request.collectBody(limit: maxBytes, what: "the picture")
        let checked: CheckedImage
        do {
            checked = try CheckedImage(bytes: Array(buffer.readableBytesView), name: "the body", maxBytes: maxBytes)
        } catch {
            throw Problem(ErrorCode.badInput, detail: error.description, field: "body")
        }
        guard checked.format == format else {
            throw Problem(
                ErrorCode.badInput,
                detail: "the body is a \(checked.format.mimeType) picture, not \(declared) as Content-Type says",
                field: "Content-Type")
        }
        return NewImage(
            hash: ImageLoader.contentHash(of: checked.bytes), mimeType: checked.format.mimeType, bytes: checked.bytes)
    }

    /// Gives the card a new picture or none, checked by the card rules with its text as stored (removing the
    /// picture of a picture-only card is refused), in the caller's transaction.
    /// Sets or removes the card's picture, checking the card rules on the card as it is then (a card without text
    /// needs its picture), in one transaction.
    ///
    /// - Throws: ``Problem`` 404 when a picture to remove is not there.
    private static func setImage(_ change: CardUpdate.ImageChange, cardID: Int64, on store: Store) async throws
        -> CardDetails
    {
        try await CardEditing.edit(on: store, id: cardID, alsoTwin: false) { current in
            let hasImage: Bool
            switch change {
            case .remove:
                guard current.image != nil else { throw Problem.notFound("card \(cardID) has no picture") }
                hasImage = false
            case .keep: hasImage = current.image != nil
            case .replace: hasImage = true
            }
            let checked = try CardRuleCheck.check(
                CardContent(
                    kind: current.card.kind, question: current.card.question, answer: current.card.answer,
                    explanation: current.card.explanation, hasImage: hasImage, choices: current.card.choices),
                reversed: false, twinField: "alsoTwin")
            return CardUpdate(
                kind: checked.kind, question: checked.question, answer: checked.answer,
                explanation: checked.explanation, image: change, choices: checked.choices)
        }.card
    }
}
