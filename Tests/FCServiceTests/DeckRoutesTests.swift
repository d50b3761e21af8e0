import FCCore
import FCPipeline
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// Import and export over HTTP: all or nothing with the CLI's line:column problems, and the CLI's export bytes.
@Suite("the service: import and export (in process)")
struct DeckRoutesTests {
    static let good = #"""
        question;answer;explanation;reversed;kind
        Who founded Rome?;Romulus;"Legend; with Remus";yes;question
        "Say ""ave""";Hello;;no;question
        Solve $x^2 = 4$;$x = \pm 2$;"two roots:
        +2 and -2";;math
        '=1+1;2;;no;question

        """#

    @Test("a bad row is a 422 naming its line and column and nothing is stored; dryRun stores nothing; skipBad")
    func importAllOrNothing() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let (admin, learner) = (fixture.adminToken, fixture.learnerToken)
        let check = OpenAPICheck()
        try await fixture.serve { server in
            #expect(try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Rome"}"#).status == 201)
            let csv = "text/csv"

            let bad = Array((Self.good + "Q2;A2;;maybe\nQ3;\n").utf8)
            let refused = try await server.raw(.POST, "/v1/topics/1/import", token: admin, body: bad, contentType: csv)
            check.add(refused.reply, "ImportRefused", label: "refused")
            expectProblem(refused.reply, status: 422, code: "bad_input", field: "body")
            let errors = try #require(refused.json["errors"] as? [[String: Any]])
            #expect(errors.count == 2 && refused.json["errorsTotal"] as? Int == 2, "\(refused.reply.text)")
            #expect(errors.first?["line"] as? Int == 7 && errors.first?["column"] as? Int == 8, "\(refused.reply.text)")
            #expect((errors.first?["message"] as? String)?.contains("reversed") == true)
            #expect(errors.last?["line"] as? Int == 8)
            #expect(try await fixture.cliCards(topic: "Rome").isEmpty, "nothing stored")

            let dry = check.add(
                try await server.raw(
                    .POST, "/v1/topics/1/import?dryRun=true", token: admin, body: Array(Self.good.utf8),
                    contentType: csv
                ).reply, "ImportResult", label: "dry run")
            #expect(dry.status == 200, "\(dry.text)")
            #expect(dry.json["cardsStored"] as? Int == 5 && dry.json["twinsStored"] as? Int == 1)
            #expect(dry.json["dryRun"] as? Bool == true)
            #expect(try await fixture.cliCards(topic: "Rome").isEmpty, "a dry run stores nothing")

            let stored = check.add(
                try await server.raw(
                    .POST, "/v1/topics/1/import", token: admin, body: Array(Self.good.utf8), contentType: csv
                ).reply, "ImportResult", label: "import")
            #expect(stored.json["rows"] as? Int == 4 && stored.json["cardsStored"] as? Int == 5, "\(stored.text)")
            let cards = try await fixture.cliCards(topic: "Rome")
            #expect(cards.count == 5)
            #expect(
                cards.map { $0["question"] as? String }.contains("=1+1"), "the formula guard removed, as the CLI does")

            // Again: every row is a duplicate now, skipped and counted; skipBad stores the good rows of a bad file.
            let again = try await server.raw(
                .POST, "/v1/topics/1/import?skipBad=true", token: admin, body: bad, contentType: csv)
            #expect(again.status == 200, "\(again.reply.text)")
            #expect(again.json["cardsStored"] as? Int == 0 && again.json["duplicatesSkipped"] as? Int == 5)
            #expect(again.json["skippedTotal"] as? Int == 2)
            #expect(((again.json["skipped"] as? [[String: Any]])?.first)?["line"] as? Int == 7)

            // Not UTF-8: the first bad byte's place; other encodings and types are refused up front.
            let latin1: [UInt8] = Array("Caf".utf8) + [0xE9] + Array("?;Coffee\n".utf8)
            let notUTF8 = try await server.raw(
                .POST, "/v1/topics/1/import", token: admin, body: latin1, contentType: csv)
            expectProblem(notUTF8.reply, status: 422, code: "bad_input", field: "body")
            let position = (notUTF8.json["errors"] as? [[String: Any]])?.first
            #expect(position?["line"] as? Int == 1 && position?["column"] as? Int == 4, "\(notUTF8.reply.text)")
            expectProblem(
                try await server.raw(
                    .POST, "/v1/topics/1/import", token: admin, body: latin1,
                    contentType: "text/csv; charset=iso-8859-1"
                ).reply, status: 415, code: "unsupported_media_type", field: "Content-Type")
            expectProblem(
                try await server.call(.POST, "/v1/topics/1/import", token: admin, json: "{}"), status: 415,
                code: "unsupported_media_type")
            expectProblem(
                try await server.raw(.POST, "/v1/topics/1/import", token: admin, body: [], contentType: csv).reply,
                status: 422, code: "bad_input")
            expectProblem(
                try await server.raw(
                    .POST, "/v1/topics/1/import?dryRun=perhaps", token: admin, body: bad, contentType: csv
                ).reply, status: 400, code: "bad_request", field: "dryRun")
            expectProblem(
                try await server.raw(.POST, "/v1/topics/1/import", token: learner, body: bad, contentType: csv).reply,
                status: 403, code: "forbidden")
            expectProblem(
                try await server.raw(.POST, "/v1/topics/9/import", token: admin, body: bad, contentType: csv).reply,
                status: 404, code: "not_found")
            #expect(try await fixture.cliCards(topic: "Rome").count == 5, "no refused request stored anything")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test(
        "the export is the bytes fcgen export writes (its exporter), as a download; an Anki export imports back as text/plain"
    )
    func exportMatchesCLI() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(Self.good, topic: "Roman history")
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        // A name that needs care in a Content-Disposition header.
        let roman = try #require(try await Topics.named(on: fixture.store, "Roman history"))
        let topic = try await Topics.rename(on: fixture.store, id: roman.id, to: "Rome: \"the city\"")
        let (admin, learner) = (fixture.adminToken, fixture.learnerToken)
        try await fixture.serve { server in
            for (format, type, suffix) in [
                ("csv", "text/csv; charset=utf-8", "csv"), ("anki", "text/plain; charset=utf-8", "txt"),
                ("json", "application/json", "json"),
            ] {
                let exported = try await server.raw(.GET, "/v1/topics/1/export?format=\(format)", token: learner)
                #expect(exported.status == 200)
                #expect(exported.headers.first(name: "Content-Type") == type)
                let disposition = exported.headers.first(name: "Content-Disposition") ?? ""
                #expect(disposition.hasPrefix("attachment; filename=\"Rome-the-city.\(suffix)\""), "\(disposition)")
                #expect(disposition.contains("filename*=UTF-8''Rome%3A%20%22the%20city%22.\(suffix)"), "\(disposition)")
                // What `fcgen export --topic T --format F` writes to standard output: the exporter's text, as it comes.
                let cli = try await Self.exported(topic, format: format, from: fixture)
                #expect(
                    exported.bytes.elementsEqual(cli.utf8),
                    "the \(format) export differs from the CLI's:\n\(String(decoding: exported.bytes, as: UTF8.self))")
                #expect(exported.bytes.count > 200)
            }

            // The Anki export imports back (text/plain) into an empty topic and exports the same file.
            let anki = try await server.raw(.GET, "/v1/topics/1/export?format=anki", token: learner)
            let copy = try await server.call(
                .POST, "/v1/topics", token: admin, json: #"{"name": "Rome: \"the city\" 2"}"#)
            let copyID = try #require((copy.json["topic"] as? [String: Any])?["id"] as? Int)
            let imported = try await server.raw(
                .POST, "/v1/topics/\(copyID)/import", token: admin, body: anki.bytes, contentType: "text/plain")
            #expect(imported.status == 200, "\(imported.reply.text)")
            #expect(imported.json["format"] as? String == "anki")
            let copyAnki = try await server.raw(.GET, "/v1/topics/\(copyID)/export?format=anki", token: learner)
            #expect(Self.withoutDeck(copyAnki.bytes) == Self.withoutDeck(anki.bytes))
            #expect(Self.withoutDeck(anki.bytes).count > 10)

            expectProblem(
                try await server.raw(.GET, "/v1/topics/1/export?format=xml", token: learner).reply, status: 400,
                code: "bad_request", field: "format")
            expectProblem(
                try await server.raw(.GET, "/v1/topics/77/export?format=csv", token: learner).reply, status: 404,
                code: "not_found")
        }
    }

    /// The text `fcgen export` writes for `topic` in `format` (no --out: no media files), from the exporter it runs.
    static func exported(_ topic: Topic, format name: String, from fixture: ServiceUnderTest) async throws -> String {
        let format = try #require(ExportFormat(rawValue: name))
        var text = ""
        _ = try await DeckExporter.export(topic: topic, format: format, from: fixture.store, writesMedia: false) {
            text += $0
        }
        return text
    }

    /// An Anki export's lines without the deck column (the topic's name), which differs between two topics.
    static func withoutDeck(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { line in
            guard !line.hasPrefix("#") else { return String(line) }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 1 { fields.remove(at: 1) }
            return fields.joined(separator: "\t")
        }
    }
}
