import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `GET /v1/topics/{id}/cards` searched and filtered (docs/api.md "Searching and filtering a deck"): each parameter
/// alone, combined, paging under a filter and the cursor tied to it, and every bad value a 400 naming its parameter;
/// on SQLite and on PostgreSQL, which must answer alike (the same ASCII-only case folding included).
@Suite("the service: searching and filtering a deck (in process)")
struct CardFilterRouteTests {
    @Test(
        "q, kind, flag, due and suspended filter alone and together; paging; bad parameters", arguments: [false, true])
    func filters(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "cardfilter") : nil
        do {
            try await Self.filters(databaseURL: scratch?.url)
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }

    /// The path of the listing with `query` (name, value pairs, percent-encoded here).
    static func listing(_ query: [(String, String)]) -> String {
        var components = URLComponents()
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves `+` and `&`-free text as it is; `+` would read as a blank.
        let text = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B") ?? ""
        return "/v1/topics/1/cards?" + text
    }

    private static func filters(databaseURL: String?) async throws {
        // Noon: a card failed now is due again within the learner's (UTC) day, whenever the test runs.
        let fixture = try await ServiceUnderTest(seeded: false, now: .runningFromNoonToday(), databaseURL: databaseURL)
        try await fixture.importDeck(CardRoutesTests.deck(30), topic: "Filters", name: "deck.csv")
        let plain = try await fixture.cliCards(topic: "Filters").compactMap { $0["id"] as? Int }
        let admin = try await fixture.token(user: "ops", admin: true)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        let anaID = try #require(try await Learners.named(on: fixture.store, "ana")).id
        let check = OpenAPICheck()
        try await fixture.serve { server in
            func add(_ json: String) async throws -> [Int] {
                let reply = try await server.call(.POST, "/v1/topics/1/cards", token: admin, json: json)
                #expect(reply.status == 201, "\(reply.text)")
                let made =
                    (reply.json["cards"] as? [[String: Any]] ?? []) + (reply.json["siblings"] as? [[String: Any]] ?? [])
                return made.compactMap { $0["id"] as? Int }
            }
            func ids(_ query: [(String, String)], token: String? = nil) async throws -> [Int] {
                let reply = check.add(
                    try await server.call(.GET, listing(query), token: token ?? ana), "CardPage", label: "page")
                #expect(reply.status == 200, "\(query): \(reply.text)")
                #expect(reply.json["next"] == nil, "\(query): one page")
                return (reply.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            }
            let maths = try await add(
                #"{"kind": "math", "question": "Simplify \\(a^m \\cdot a^n\\)", "answer": "\\(a^{m+n}\\)", "explanation": "Exponents ADD up, 50% of_it"}"#
            )
            let cloze = try await add(
                #"{"kind": "cloze", "question": "{{c1::Jupiter}} is larger than {{c2::Saturn}}"}"#)
            let zurich = try await add(#"{"question": "Où est Zürich?", "answer": "In der Schweiz"}"#)
            #expect(maths.count == 1 && cloze.count == 2 && zurich.count == 1)
            let all = plain + maths + cloze + zurich

            // The learner's own marks: a bookmark, two reviews (one of them then suspended), a suspension, a burial.
            #expect(try await server.call(.PUT, "/v1/cards/\(plain[0])/bookmark", token: ana).status < 300)
            for (index, card) in [plain[1], plain[2]].enumerated() {
                let reply = try await server.call(
                    .POST, "/v1/reviews", token: ana, json: #"{"cardId": \#(card), "rating": "again"}"#,
                    headers: [("Idempotency-Key", "filter-\(index)")])
                #expect(reply.status == 201, "\(reply.text)")
            }
            try await fixture.store.write("flag cards") { db in
                try await db.suspendCards(ids: [Int64(plain[2]), Int64(plain[3])], userID: anaID)
                try await db.buryCards(
                    ids: [Int64(plain[4])], userID: anaID, until: Date().addingTimeInterval(2 * 86_400))
            }

            // Text: a substring of question, answer or explanation, A–Z in any case, `%` and `_` as plain text.
            #expect(try await ids([]).count == all.count)
            #expect(try await ids([("q", "SIMPLIFY")]) == maths)
            #expect(try await ids([("q", "exponents add")]) == maths, "the explanation is searched")
            #expect(try await ids([("q", "m+n")]) == maths, "the answer is searched")
            #expect(try await ids([("q", "50% of_")]) == maths)
            #expect(try await ids([("q", "%")]) == maths, "% is no wildcard")
            #expect(try await ids([("q", "saturn")]) == cloze)
            #expect(try await ids([("q", "  jupiter ")]) == cloze, "trimmed")
            #expect(try await ids([("q", "zÜrich")]).isEmpty, "only A–Z fold: Ü is not ü, on both engines")
            #expect(try await ids([("q", "ZüRICH")]) == zurich)
            #expect(try await ids([("q", "   ")]).count == all.count, "blank: no text condition")
            #expect(try await ids([("q", "Question 1?")]) == [plain[0]])

            // Kind, flags (the learner's own), due (the topic's due count), suspended.
            #expect(try await ids([("kind", "cloze")]) == cloze)
            #expect(try await ids([("kind", "math")]) == maths)
            #expect(try await ids([("kind", "question")]) == plain + zurich)
            #expect(try await ids([("flag", "bookmarked")]) == [plain[0]])
            #expect(try await ids([("flag", "bookmarked")], token: bo).isEmpty, "another learner's bookmark")
            #expect(try await ids([("flag", "suspended")]) == [plain[2], plain[3]])
            #expect(try await ids([("suspended", "true")]) == [plain[2], plain[3]])
            #expect(try await ids([("suspended", "false")]) == all.filter { ![plain[2], plain[3]].contains($0) })
            #expect(try await ids([("flag", "buried")]) == [plain[4]])
            #expect(try await ids([("flag", "buried")], token: bo).isEmpty)
            let due = try await ids([("due", "true")])
            #expect(due == [plain[1]], "failed today, not suspended: due; the suspended one is not")
            let detail = try await server.call(.GET, "/v1/topics/1", token: ana)
            #expect(detail.json["due"] as? Int == due.count, "the listing agrees with the topic's due count")
            #expect(try await ids([("due", "false")]) == all.filter { $0 != plain[1] })
            #expect(try await ids([("due", "true")], token: bo).isEmpty)

            // Together: every condition must hold.
            #expect(try await ids([("kind", "cloze"), ("q", "SATURN")]) == cloze)
            #expect(try await ids([("kind", "math"), ("q", "jupiter")]).isEmpty)
            #expect(try await ids([("flag", "suspended"), ("suspended", "false")]).isEmpty)
            #expect(try await ids([("q", "question"), ("suspended", "false"), ("due", "false")]).count == 27)
            #expect(try await ids([("flag", "bookmarked"), ("kind", "question"), ("q", "answer 1")]) == [plain[0]])

            // Paging under a filter: 30 matches, 7 a page; the cursor is good only for the filter it was made under.
            var seen: [Int] = []
            var cursors: [String] = []
            var page = try await server.call(.GET, listing([("q", "question"), ("limit", "7")]), token: ana)
            while true {
                _ = check.add(page, "CardPage", label: "filtered page")
                seen += (page.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
                guard let next = page.json["next"] as? String else { break }
                cursors.append(next)
                page = try await server.call(
                    .GET, listing([("q", "question"), ("limit", "7"), ("cursor", next)]), token: ana)
            }
            #expect(seen == plain, "every match once, in deck order")
            #expect(cursors.count == 4)
            let made = try #require(cursors.first)
            for other in [[("q", "answer")], [("q", "question"), ("kind", "question")], []] {
                expectProblem(
                    try await server.call(.GET, listing(other + [("cursor", made)]), token: ana), status: 400,
                    code: "bad_request", field: "cursor")
            }
            let unfiltered = try #require(
                try await server.call(.GET, listing([("limit", "5")]), token: ana).json["next"] as? String)
            expectProblem(
                try await server.call(.GET, listing([("kind", "cloze"), ("cursor", unfiltered)]), token: ana),
                status: 400, code: "bad_request", field: "cursor")
            #expect(
                try await server.call(.GET, listing([("limit", "5"), ("cursor", unfiltered)]), token: ana).status == 200
            )

            // Bad values: 400 naming the parameter.
            let bad: [([(String, String)], String)] = [
                ([("kind", "poem")], "kind"), ([("kind", "")], "kind"), ([("flag", "starred")], "flag"),
                ([("due", "yes")], "due"), ([("due", "")], "due"), ([("suspended", "1")], "suspended"),
                ([("q", String(repeating: "x", count: 201))], "q"), ([("q", "a\u{1}b")], "q"),
                ([("q", "x"), ("limit", "0")], "limit"),
            ]
            for (query, field) in bad {
                let reply = check.add(try await server.call(.GET, listing(query), token: ana), "Problem", label: field)
                expectProblem(reply, status: 400, code: "bad_request", field: field)
            }
            #expect(try await ids([("q", String(repeating: "x", count: 200))]).isEmpty, "200 characters are allowed")
        }
        try await check.validate(in: fixture.directory)
    }
}
