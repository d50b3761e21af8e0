import FCCore
import FCPipeline
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// A cloze text is one card per deletion number; creating, burying or deleting one over HTTP says which sibling cards came
/// and went with it, so a client never has to guess what changed in the learner's queues.
@Suite("the service: creating, burying and deleting cloze cards report their siblings (in process)")
struct ClozeSiblingReportTests {
    @Test("creating a cloze card lists its siblings by number; another card lists none")
    func createListsSiblings() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(CardRoutesTests.deck(2), topic: "Rome")
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let cloze = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: fixture.adminToken,
                    json: #"{"kind": "cloze", "question": "{{c1::Romulus}} founded {{c3::Rome}} in {{c2::753 BC}}"}"#),
                "CardList", label: "create cloze")
            #expect(cloze.status == 201, "\(cloze.text)")
            let cards = try #require(cloze.json["cards"] as? [[String: Any]])
            #expect(cards.count == 1 && cards[0]["clozeNumber"] as? Int == 1)
            let noteID = try #require(cards[0]["id"] as? Int)
            let siblings = try #require(cloze.json["siblings"] as? [[String: Any]], "\(cloze.text)")
            #expect(siblings.map { $0["clozeNumber"] as? Int } == [2, 3])
            #expect(siblings.allSatisfy { $0["clozeOf"] as? Int == noteID && $0["kind"] as? String == "cloze" })

            // They are the deck's own cards, not copies: the deck lists the same ids.
            let deck = try await server.call(.GET, "/v1/topics/1/cards?limit=50", token: fixture.learnerToken)
            let deckIDs = (deck.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            let siblingIDs = siblings.compactMap { $0["id"] as? Int }
            #expect(siblingIDs.count == 2 && Array(deckIDs.suffix(3)) == [noteID] + siblingIDs)

            let plain = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: fixture.adminToken,
                    json: #"{"question": "Who was Remus?", "answer": "Romulus' twin"}"#),
                "CardList", label: "create question")
            #expect(plain.status == 201, "\(plain.text)")
            #expect((plain.json["siblings"] as? [Any])?.isEmpty == true, "\(plain.text)")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("burying a cloze card in a session lists the siblings that went with it; another card lists none")
    func buryListsSiblings() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.addCard(
            topic: "Cloze", kind: .cloze, question: "{{c1::Romulus}} founded {{c2::Rome}} in {{c3::753 BC}}")
        try await fixture.addCard(topic: "Plain", question: "Who was Remus?", answer: "Romulus' twin")
        let clozeTopic = try #require(try await Topics.named(on: fixture.store, "Cloze")).id
        let plainTopic = try #require(try await Topics.named(on: fixture.store, "Plain")).id
        let family = Set(try await Cards.inTopic(on: fixture.store, topicID: clozeTopic).map { Int($0.id) })
        #expect(family.count == 3)
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let started = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [\#(clozeTopic)], "limit": 10}"#)
            let id = try #require(started.json["id"] as? Int, "\(started.text)")
            let first = try #require((started.json["next"] as? [String: Any])?["id"] as? Int)
            let buried = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/bury", token: ana, json: #"{"cardId": \#(first)}"#),
                "Session", label: "bury cloze")
            #expect(buried.status == 200, "\(buried.text)")
            let siblings = try #require(buried.json["buriedSiblings"] as? [Int], "\(buried.text)")
            #expect(siblings == family.subtracting([first]).sorted())
            #expect(buried.json["next"] == nil, "the whole note left the session")

            let other = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [\#(plainTopic)], "limit": 10}"#)
            let otherID = try #require(other.json["id"] as? Int, "\(other.text)")
            let card = try #require((other.json["next"] as? [String: Any])?["id"] as? Int)
            let plain = check.add(
                try await server.call(
                    .POST, "/v1/sessions/\(otherID)/bury", token: ana, json: #"{"cardId": \#(card)}"#),
                "Session", label: "bury question")
            #expect(plain.status == 200, "\(plain.text)")
            #expect(plain.json["buriedSiblings"] as? [Int] == [], "\(plain.text)")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("deleting a cloze card, alone or in a selection, lists every sibling that went with it; another lists itself")
    func deleteListsSiblings() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.addCard(
            topic: "Cloze", kind: .cloze, question: "{{c1::Romulus}} founded {{c2::Rome}} in {{c3::753 BC}}")
        try await fixture.addCard(
            topic: "Cloze", kind: .cloze, question: "{{c1::Remus}} was the twin of {{c2::Romulus}}")
        try await fixture.addCard(topic: "Cloze", question: "Who was Remus?", answer: "Romulus' twin")
        let topic = try #require(try await Topics.named(on: fixture.store, "Cloze")).id
        let cards = try await Cards.inTopic(on: fixture.store, topicID: topic).map { Int($0.id) }
        #expect(cards.count == 6)
        let (romulus, remus, plain) = (Array(cards[0..<3]), Array(cards[3..<5]), cards[5])
        let admin = fixture.adminToken
        let check = OpenAPICheck()
        try await fixture.serve { server in
            // A sibling (c2) asked for: the note's card and c3 go too, and are named.
            let one = check.add(
                try await server.call(.DELETE, "/v1/cards/\(romulus[1])", token: admin), "CardsDeleted",
                label: "delete cloze sibling")
            #expect(one.status == 200, "\(one.text)")
            #expect(one.json["deleted"] as? [Int] == romulus, "\(one.text)")

            let selection = check.add(
                try await server.call(
                    .POST, "/v1/topics/\(topic)/cards/delete", token: admin,
                    json: #"{"ids": [\#(plain), \#(remus[0])]}"#),
                "CardsDeleted", label: "delete a selection with a cloze card")
            #expect(selection.status == 200, "\(selection.text)")
            #expect(selection.json["deleted"] as? [Int] == (remus + [plain]).sorted(), "\(selection.text)")
        }
        #expect(try await Cards.inTopic(on: fixture.store, topicID: topic).isEmpty)
        try await check.validate(in: fixture.directory)
    }
}
