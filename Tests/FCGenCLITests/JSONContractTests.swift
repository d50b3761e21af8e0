import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Every command that takes `--json` writes one document that validates against its schema in docs/json-schemas
/// (docs/json.md), run as a script would run them, on one database.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct JSONContractTests {
    @Test func everyCommandsDocumentMatchesItsSchema() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let check = SchemaCheck(cli)

        try await check.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db, schema: "generate")
        let reply = cli.directory.appendingPathComponent("reply.txt")
        try Data(
            #"```json\n[{"q": "2+2?", "a": "4"}, {"q": "", "a": ""}, {"q": "3+3?", "a": "6", "options": ["5", "6", "7", "8"]}, {"text": "{{c1::Paris}} is in France"}]\n```"#
                .utf8
        ).write(to: reply)
        try await check.run(["sanitize", reply.path], schema: "sanitize")
        try await check.run(["topics"] + db, schema: "topics")
        try await check.run(["cards", "--topic", "Roman history"] + db, schema: "cards")
        try await check.run(["batches", "--topic", "Roman history"] + db, schema: "batches")
        try await check.run(
            ["topic", "add", "Algebra", "--refill-below", "50", "--batch-size", "3"] + db, schema: "topic")
        try await check.run(["topic", "set", "Algebra", "--color", "red", "--icon", "∑"] + db, schema: "topic")
        try await check.run(["topic", "show", "Algebra"] + db, schema: "topic")

        let added = try check.object(
            try await check.run(
                ["card", "add", "--topic", "Algebra", "--question", "2+2?", "--answer", "4", "--reverse"] + db,
                schema: "card-list"))
        let cardID = try #require((added["cards"] as? [[String: Any]])?.first?["id"] as? Int)
        try await check.run(["card", "edit", "\(cardID)", "--answer", "four"] + db, schema: "card-list")
        try await check.run(["card", "show", "\(cardID)"] + db, schema: "card")
        try await check.run(["card", "move", "\(cardID)", "--to", "2"] + db, schema: "card")
        try await check.run(["card", "bury", "\(cardID)"] + db, schema: "card-flags")
        try await check.run(["card", "suspend", "\(cardID)"] + db, schema: "card-flags")
        try await check.run(["card", "unsuspend", "\(cardID)"] + db, schema: "card-flags")
        let deck = cli.directory.appendingPathComponent("deck.csv")
        try Data("question;answer\nCapital of Peru?;Lima\n".utf8).write(to: deck)
        try await check.run(["import", deck.path, "--topic", "Algebra"] + db, schema: "import")
        let exported = cli.directory.appendingPathComponent("algebra.csv")
        try await check.run(
            ["export", "--topic", "Algebra", "--format", "csv", "--out", exported.path] + db, schema: "export")

        try await check.run(["review", "1", "--rating", "good"] + db, schema: "review")
        try await check.run(["due"] + db, schema: "due")
        try await sessionSteps(check, db)
        try await check.run(
            ["learn", "--topic", "Roman history", "--seed", "2"] + db, schema: "learn",
            stdin: Data("x\n3\nq\nn\n".utf8))
        try await check.run(
            ["quiz", "--topic", "Roman history", "--cards", "2", "--seed", "3"] + db, schema: "quiz",
            stdin: Data("Romulus\n\n".utf8))

        try await check.run(["stats"] + db, schema: "stats")
        try await check.run(["user", "show"] + db, schema: "user")
        try await check.run(["user", "set", "--tz", "Europe/Berlin"] + db, schema: "user")
        try await check.run(["profile"] + db, schema: "profile")
        try await check.run(["challenges"] + db, schema: "challenges")
        try await check.run(["achievements"] + db, schema: "achievements")
        try await check.run(["boxes"] + db, schema: "boxes")
        try await check.run(["boxes", "open", "--all"] + db, schema: "boxes-open")
        try await check.run(["leaderboard", "--by", "xp"] + db, schema: "leaderboard")
        try await check.run(["token", "create", "--user", "ana", "--admin", "--expires", "30d"] + db, schema: "token")
        try await check.run(["token", "list"] + db, schema: "tokens")
        try await check.run(["token", "revoke", "1"] + db, schema: "token")
        try await check.run(["invite", "create", "--admin", "--expires", "2d"] + db, schema: "invite")
        try await check.run(
            ["invite", "create", "--public-url", "https://cards.example.org/"] + db, schema: "invite")
        try await check.run(
            ["password-reset", "create", "--user", "ana", "--public-url", "https://cards.example.org/"] + db,
            schema: "password-reset")
        try await check.run(
            ["password-reset", "create", "--user", "ana", "--expires", "2h"] + db, schema: "password-reset")

        let store = try await Store.open(path: cli.databasePath, now: .system)
        let queued = try await RefillJobs.enqueueDue(on: store, maxAttempts: 5)
        let jobID = try #require(queued.first?.id)
        try await check.run(["jobs"] + db, schema: "jobs")
        try await check.run(["jobs", "cancel", "\(jobID)"] + db, schema: "job")

        try await check.run(["card", "delete", "\(cardID)"] + db, schema: "card-delete")
        try await check.run(["topic", "rename", "Algebra", "Maths"] + db, schema: "topic-rename")
        try await check.run(["topic", "delete", "Maths", "--force"] + db, schema: "topic-delete")
        try await check.validate()
    }

    @Test func theSchemaFilesAreTheOnesTheScriptWrites() async throws {
        let check = try await ChildProcess.run(
            "/usr/bin/env",
            ["python3", CLIRunner.repositoryRoot.appendingPathComponent("scripts/json-schemas.py").path, "--check"])
        #expect(check.termination == .exited(0), "docs/json-schemas differs: run python3 scripts/json-schemas.py")
    }

    /// A session driven through every step, each step's document checked.
    private func sessionSteps(_ check: SchemaCheck, _ db: [String]) async throws {
        func card(_ document: [String: Any]) throws -> Int {
            try #require((document["card"] as? [String: Any])?["id"] as? Int)
        }
        let started = try check.object(
            try await check.run(
                ["session", "start", "--topic", "Roman history", "--seed", "1"] + db, schema: "session"))
        let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        let session = ["session"]
        var next = try check.object(
            try await check.run(
                session + ["answer", "\(id)", "\(try card(started))", "--rating", "3"] + db, schema: "session"))
        next = try check.object(
            try await check.run(session + ["skip", "\(id)", "\(try card(next))"] + db, schema: "session"))
        next = try check.object(try await check.run(session + ["undo", "\(id)"] + db, schema: "session"))
        next = try check.object(
            try await check.run(
                session + ["answer", "\(id)", "\(try card(next))", "--rating", "again"] + db, schema: "session"))
        next = try check.object(
            try await check.run(session + ["bury", "\(id)", "\(try card(next))"] + db, schema: "session"))
        _ = try await check.run(session + ["suspend", "\(id)", "\(try card(next))"] + db, schema: "session")
        try await check.run(session + ["next", "\(id)"] + db, schema: "session")
        let ended = try check.object(try await check.run(session + ["end", "\(id)"] + db, schema: "session"))
        #expect(ended["done"] as? Bool == true)
        #expect((ended["session"] as? [String: Any])?["averageRating"] as? Double == 1, "one answer, again = 1")
    }
}
