import FCCore
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Card pictures over HTTP: the raw bytes in, checked by content; out by hash with a cacheable ETag. In process
/// (``ServiceUnderTest``): nothing here is about the `fcgen serve` process.
@Suite("the service: card pictures (in process)")
struct CardImageTests {
    /// A new topic "Flags" with one card, made over HTTP; returns the card's id.
    private static func flagCard(_ server: InProcessServer, admin: String) async throws -> Int {
        let topic = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Flags"}"#)
        #expect(topic.status == 201)
        let topicID = try #require((topic.json["topic"] as? [String: Any])?["id"] as? Int, "\(topic.text)")
        let created = try await server.call(
            .POST, "/v1/topics/\(topicID)/cards", token: admin,
            json: #"{"question": "Which flag?", "answer": "France"}"#)
        return try #require((created.json["cards"] as? [[String: Any]])?.first?["id"] as? Int)
    }

    @Test(
        "a PNG round trip by hash; type mismatch 422, unknown type 415, too large 413; removal and picture-only cards")
    func pictures() async throws {
        let service = try await ServiceUnderTest(cards: 1)
        let (admin, learner, directory) = (service.adminToken, service.learnerToken, service.directory)
        let check = OpenAPICheck()
        try await service.serve { server in
            let cardID = try await Self.flagCard(server, admin: admin)

            let uploaded = try await server.raw(
                .PUT, "/v1/cards/\(cardID)/image", token: admin, body: tinyPNG, contentType: "image/png")
            check.add(uploaded.reply, "OneCard", label: "upload")
            #expect(uploaded.status == 200, "\(uploaded.reply.text)")
            let image = try #require((uploaded.json["card"] as? [String: Any])?["image"] as? [String: Any])
            let hash = try await systemSHA256(tinyPNG, in: directory)
            #expect(image["hash"] as? String == hash && hash.count == 64)
            #expect(image["mimeType"] as? String == "image/png" && image["bytes"] as? Int == tinyPNG.count)
            #expect(image["url"] as? String == "/v1/images/\(hash)")

            let served = try await server.raw(.GET, "/v1/images/\(hash)", token: learner)
            #expect(served.status == 200)
            #expect(served.bytes == tinyPNG)
            #expect(served.headers.first(name: "Content-Type") == "image/png")
            #expect(served.headers.first(name: "ETag") == "\"\(hash)\"")
            #expect(served.headers.first(name: "Cache-Control")?.contains("immutable") == true)
            let cached = try await server.raw(
                .GET, "/v1/images/\(hash)", token: learner, headers: [("If-None-Match", "\"\(hash)\"")])
            #expect(cached.status == 304 && cached.bytes.isEmpty)
            expectProblem(
                try await server.raw(.GET, "/v1/images/\(String(repeating: "0", count: 64))", token: learner).reply,
                status: 404, code: "not_found")
            #expect(try await server.raw(.GET, "/v1/images/\(hash)", token: nil).status == 401)

            // The declared type must be what the bytes are; other types are not taken; the size is capped.
            let mismatch = try await server.raw(
                .PUT, "/v1/cards/\(cardID)/image", token: admin, body: tinyPNG, contentType: "image/jpeg")
            expectProblem(mismatch.reply, status: 422, code: "bad_input", field: "Content-Type")
            expectProblem(
                try await server.raw(
                    .PUT, "/v1/cards/\(cardID)/image", token: admin, body: tinyPNG, contentType: "image/webp"
                ).reply, status: 415, code: "unsupported_media_type", field: "Content-Type")
            expectProblem(
                try await server.raw(
                    .PUT, "/v1/cards/\(cardID)/image", token: admin, body: Array("not a picture".utf8),
                    contentType: "image/png"
                ).reply, status: 422, code: "bad_input")
            let huge = tinyPNG + [UInt8](repeating: 0, count: 1 << 20)
            expectProblem(
                try await server.raw(
                    .PUT, "/v1/cards/\(cardID)/image", token: admin, body: huge, contentType: "image/png"
                )
                .reply, status: 413, code: "payload_too_large")
            expectProblem(
                try await server.raw(
                    .PUT, "/v1/cards/\(cardID)/image", token: learner, body: tinyPNG, contentType: "image/png"
                ).reply, status: 403, code: "forbidden")
            expectProblem(
                try await server.raw(.PUT, "/v1/cards/999/image", token: admin, body: tinyPNG, contentType: "image/png")
                    .reply, status: 404, code: "not_found")
            // The refused uploads changed nothing.
            let shown = try await server.call(.GET, "/v1/cards/\(cardID)", token: learner)
            #expect(((shown.json["card"] as? [String: Any])?["image"] as? [String: Any])?["hash"] as? String == hash)

            // A picture-only card: its question goes, its kind becomes image; then its picture can't go.
            let pictureOnly = check.add(
                try await server.call(.PATCH, "/v1/cards/\(cardID)", token: admin, json: #"{"question": ""}"#),
                "CardEditResult", label: "picture only")
            #expect((pictureOnly.json["card"] as? [String: Any])?["kind"] as? String == "image", "\(pictureOnly.text)")
            expectProblem(
                try await server.call(.DELETE, "/v1/cards/\(cardID)/image", token: admin), status: 422,
                code: "bad_input",
                field: "question")
            #expect(
                try await server.call(
                    .PATCH, "/v1/cards/\(cardID)", token: admin,
                    json: #"{"question": "Which flag?", "kind": "question"}"#
                )
                .status == 200)
            let removed = check.add(
                try await server.call(.DELETE, "/v1/cards/\(cardID)/image", token: admin), "OneCard", label: "remove")
            #expect((removed.json["card"] as? [String: Any])?["image"] == nil, "\(removed.text)")
            // The last card showing it is gone, so is the picture.
            #expect(try await server.raw(.GET, "/v1/images/\(hash)", token: learner).status == 404)
            expectProblem(
                try await server.call(.DELETE, "/v1/cards/\(cardID)/image", token: admin), status: 404,
                code: "not_found")
        }
        try await check.validate(in: directory)
    }

    @Test("a cut-off PNG, a script behind a GIF signature and a 70-byte PNG claiming 5000×5000 are 422; none is stored")
    func brokenPictures() async throws {
        let service = try await ServiceUnderTest(cards: 1)
        let (admin, directory) = (service.adminToken, service.directory)
        try await service.serve { server in
            let cardID = try await Self.flagCard(server, admin: admin)

            let refused: [(body: [UInt8], type: String, detail: String)] = [
                (
                    Array(tinyPNG.prefix(50)), "image/png",
                    "the body is a truncated PNG image: the file ends before the picture does"
                ),
                (
                    Array("GIF89a<script>alert(1)</script>".utf8), "image/gif",
                    "the body is not a well-formed GIF image: a byte that starts no GIF block (0x3e) at offset 13"
                ),
                (
                    TestPictures.png(width: 5000, height: 5000), "image/png",
                    "image the body is 5000x5000 pixels, more than the 16777216-pixel limit; scale it down"
                ),
            ]
            for (body, type, detail) in refused {
                let reply = try await server.raw(
                    .PUT, "/v1/cards/\(cardID)/image", token: admin, body: body, contentType: type)
                expectProblem(reply.reply, status: 422, code: "bad_input", field: "body")
                #expect(reply.json["detail"] as? String == detail, "\(reply.reply.text)")
                let hash = try await systemSHA256(body, in: directory)
                #expect(try await server.raw(.GET, "/v1/images/\(hash)", token: admin).status == 404)
            }
            let shown = try await server.call(.GET, "/v1/cards/\(cardID)", token: admin)
            #expect(shown.status == 200 && (shown.json["card"] as? [String: Any])?["image"] == nil, "\(shown.text)")
        }
        #expect(try await service.store.scalarInteger("SELECT COUNT(*) FROM images") == 0)
    }
}
