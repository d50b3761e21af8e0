import FCPipeline
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// `POST /v1/topics/{id}/import` reads `,`, `;` and tab CSV bodies, says which in `separator`, and shows the first
/// rows as read, so a dry run is the preview the web app shows before the import.
@Suite("the service: import separators (in process)")
struct ImportSeparatorRouteTests {
    @Test("a comma body: a dry run names the separator and the first rows; ?separator forces one; a bad one is 400")
    func separators() async throws {
        let fixture = try await ServiceUnderTest()
        let admin = fixture.adminToken
        let topic = fixture.topicID
        let check = OpenAPICheck()
        let body = Array("question,answer\nWho crossed the Rubicon?,Caesar\nWhen?,\"49 BC, in January\"\n".utf8)
        try await fixture.serve { server in
            let dry = check.add(
                try await server.call(
                    .POST, "/v1/topics/\(topic)/import?dryRun=true", token: admin, body: body, contentType: "text/csv"),
                "ImportResult", label: "dry run")
            #expect(dry.status == 200, "\(dry.text)")
            #expect(dry.json["separator"] as? String == "comma")
            let rows = try #require(dry.json["firstRows"] as? [[String: String]])
            #expect(
                rows == [
                    ["question": "Who crossed the Rubicon?", "answer": "Caesar"],
                    ["question": "When?", "answer": "49 BC, in January"],
                ])
            #expect(
                try await Cards.inTopic(on: fixture.store, topicID: topic).count == fixture.cardIDs.count,
                "nothing stored")

            let tab = check.add(
                try await server.call(
                    .POST, "/v1/topics/\(topic)/import?separator=tab", token: admin,
                    body: Array("Q1\tA, 1\nQ2\tA2\n".utf8), contentType: "text/csv"),
                "ImportResult", label: "tab")
            #expect(tab.json["separator"] as? String == "tab" && tab.json["cardsStored"] as? Int == 2, "\(tab.text)")

            let forced = try await server.call(
                .POST, "/v1/topics/\(topic)/import?separator=semicolon", token: admin, body: body,
                contentType: "text/csv")
            expectProblem(forced, status: 422, code: "bad_input", field: "body")
            #expect(forced.text.contains(#"separated by \";\""#), "\(forced.text)")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/\(topic)/import?separator=pipe", token: admin, body: body,
                    contentType: "text/csv"),
                status: 400, code: "bad_request", field: "separator")
        }
        try await check.validate(in: fixture.directory)
    }
}
