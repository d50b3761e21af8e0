import Foundation
import Testing

/// `fcgen topic plan`, `--language` and the offline outlines, on the built binary. Runs wait off the cooperative
/// pool (``CLIRunner/finish(_:executable:environment:)``), so timing-sensitive tests elsewhere keep their threads.
@Suite(.serialized)
struct TopicPlanCommandTests {
    @Test func anOfflineTopicIsOutlinedAndThePlanShowsWhereItIs() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let generated = try await cli.finish(["--topic", "Roman history", "--batches", "3", "--offline"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        #expect(generated.stderr.contains("[Roman history] outline: 8 subtopics, 32 steps"))
        #expect(generated.stdout.contains("Founding and the Kingdom"))

        let shown = try await cli.finish(["topic", "plan", "Roman history"] + db)
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("plan: outlined by the model, 8 subtopics"))
        #expect(shown.stdout.contains("progress: 3 of 32 steps covered"))
        #expect(shown.stdout.contains("next: step 4, Expansion and the Punic Wars — foundational"))

        let schemas = SchemaCheck(cli)
        let json = try await schemas.object(
            try schemas.run(["topic", "plan", "Roman history"] + db, schema: "topic-plan"))
        #expect(json["covered"] as? Int == 3)
        #expect(json["total"] as? Int == 32)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.prefix(4).map { $0["batch"] as? Int } == [1, 2, 3, nil])
        #expect((json["next"] as? [String: Any])?["index"] as? Int == 4)
        try await schemas.run(["batches", "--topic", "Roman history"] + db, schema: "batches")
        try await schemas.validate()

        // The messier recorded outlines are sanitised too: a fenced one with prose, one after a <think> block.
        for topic in ["French basics", "Algebra"] {
            let run = try await cli.finish(["--topic", topic, "--batches", "1", "--offline"] + db)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("[\(topic)] outline: 6 subtopics, 24 steps"), "stderr: \(run.stderr)")
        }
    }

    @Test func aTopicWithoutARecordedOutlineFallsBackAndSaysSo() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let run = try await cli.finish(
            ["--topic", "Photosynthesis", "--batches", "1", "--offline", "--store-fallback"] + db)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // Neither the outline nor the plain list has a recording: the aspects of the topic's kind.
        #expect(
            run.stderr.contains("no outline (the model's outline is unusable: the reply holds no JSON; the plain list"))
        #expect(run.stderr.contains("batches use the aspects of the topic's kind"))
        let shown = try await cli.finish(["topic", "plan", "Photosynthesis"] + db)
        #expect(shown.stdout.contains("plan: none — the model's outline was unusable"))
    }

    @Test func editReplacesThePlanAndRefusesABadFileWithoutChangingAnything() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        _ = try await cli.finish(["--topic", "Algebra", "--batches", "1", "--offline"] + db)
        let before = try await cli.finish(["topic", "plan", "Algebra", "--json"] + db).stdout

        let bad = cli.directory.appendingPathComponent("bad.json")
        try Data(#"{"subtopics": [{"name": "A", "levels": [{"level": "beginner", "focus": ""}]}]}"#.utf8).write(to: bad)
        let refused = try await cli.finish(["topic", "plan", "Algebra", "--edit", bad.path] + db)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("bad.json: subtopics[0].levels[0].level: \"beginner\" is not one of"))
        #expect(
            try await cli.finish(["topic", "plan", "Algebra", "--json"] + db).stdout == before, "nothing half-written")

        let good = cli.directory.appendingPathComponent("plan.json")
        try Data(
            #"""
            {"subtopics": [{"name": "Expressions and terms", "levels": [{"level": "foundational", "focus": "terms"}]},
                           {"name": "Matrices", "levels": [{"level": "foundational", "focus": "what a matrix is"},
                                                           {"level": "advanced", "focus": "determinants"}]}]}
            """#.utf8
        ).write(to: good)
        let edited = try await cli.finish(["topic", "plan", "Algebra", "--edit", good.path] + db)
        #expect(edited.status == 0, "stderr: \(edited.stderr)")
        #expect(edited.stdout.contains("plan: edited, 2 subtopics"))
        // Batch 1 took "Expressions and terms", foundational: the edited plan keeps it covered.
        #expect(edited.stdout.contains("progress: 1 of 3 steps covered"))
        let next = try await cli.finish(["--topic", "Algebra", "--batches", "1", "--offline"] + db)
        #expect(next.stdout.contains("Matrices"), "the next batch takes the edited plan's next step")

        let regenerated = try await cli.finish(["topic", "plan", "Algebra", "--regenerate", "--offline"] + db)
        #expect(regenerated.status == 0, "stderr: \(regenerated.stderr)")
        #expect(regenerated.stdout.contains("plan: outlined by the model, 6 subtopics"))
        #expect(
            try await cli.finish(["topic", "plan", "Algebra", "--regenerate", "--edit", good.path] + db).status == 64)
        #expect(try await cli.finish(["topic", "plan", "Nope"] + db).status == 65)
    }

    @Test func languageIsValidatedRememberedAndShown() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let bad = try await cli.finish(["--topic", "Roman history", "--offline", "--language", "german"] + db)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--language: \"german\" is not a BCP 47 language tag"))

        let run = try await cli.finish(["--topic", "Roman history", "--offline", "--language", "DE-at"] + db)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let schemas = SchemaCheck(cli)
        let shown = try await schemas.object(try schemas.run(["topic", "show", "Roman history"] + db, schema: "topic"))
        #expect(shown["language"] as? String == "de-AT")
        try await schemas.validate()
        #expect(try await cli.finish(["topic", "show", "Roman history"] + db).stdout.contains("language: de-AT"))
    }
}
