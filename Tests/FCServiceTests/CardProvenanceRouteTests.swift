import FCCore
import Foundation
import NIOHTTP1
import Testing

/// `GET /v1/cards/{id}` tells where a card generated from a document came from, and shows a multiple-choice card's
/// options, as `fcgen card show` does.
@Suite("the service: a card's source and options (in process)")
struct CardProvenanceRouteTests {
    static let notes = """
        # Cells

        ## Mitochondria

        Mitochondria produce most of the chemical energy of the cell. Their inner membrane folds into cristae.

        ## Ribosomes

        Ribosomes translate messenger RNA into chains of amino acids.
        """

    @Test("a card from a Markdown file names the file, its section and span; an mcq card has its options")
    func sourceAndChoices() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let notes = try fixture.file("cells.md", Self.notes)
        try await fixture.generateOffline(topic: "Biology", from: notes)
        try await fixture.addCard(
            topic: "Quiz night", kind: .mcq, question: "Who founded Rome?",
            options: ["Remus", "Romulus", "Numa", "Tullus"], correct: 1)
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        try await fixture.serve { server in

            let page = try await server.call(.GET, "/v1/topics/1/cards?limit=1", token: ana)
            let firstID = try #require((page.json["cards"] as? [[String: Any]])?.first?["id"] as? Int)
            let shown = check.add(
                try await server.call(.GET, "/v1/cards/\(firstID)", token: ana), "OneCard", label: "source")
            let card = try #require(shown.json["card"] as? [String: Any])
            let source = try #require(card["source"] as? [String: Any], "\(shown.text)")
            #expect(source["fileName"] as? String == "cells.md")
            #expect(source["format"] as? String == "markdown")
            #expect((source["sha256"] as? String)?.count == 64)
            let start = try #require(source["start"] as? Int)
            let end = try #require(source["end"] as? Int)
            #expect(0 <= start && start < end && end <= Self.notes.count, "\(source)")
            #expect(
                ["Mitochondria", "Ribosomes", "Cells"].contains {
                    (source["sectionTitle"] as? String)?.contains($0) == true
                })
            #expect(card["choices"] == nil)

            let quiz = try await server.call(.GET, "/v1/topics/2/cards", token: ana)
            let mcqID = try #require((quiz.json["cards"] as? [[String: Any]])?.first?["id"] as? Int, "\(quiz.text)")
            let mcq = check.add(try await server.call(.GET, "/v1/cards/\(mcqID)", token: ana), "OneCard", label: "mcq")
            let mcqCard = try #require(mcq.json["card"] as? [String: Any])
            let choices = try #require(mcqCard["choices"] as? [String: Any], "\(mcq.text)")
            #expect(choices["options"] as? [String] == ["Remus", "Romulus", "Numa", "Tullus"])
            #expect(choices["correctIndex"] as? Int == 1)
            #expect(mcqCard["source"] == nil, "a card written by hand has no source")
        }
        try await check.validate(in: fixture.directory)
    }
}
