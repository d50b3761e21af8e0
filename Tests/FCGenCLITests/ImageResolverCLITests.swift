import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `fcgen generate --images`: the built binary, offline cards, the loopback stub as the Unsplash API, a real
/// SQLite file. The offline Roman history batch 1 has three cards with an image query.
struct ImageResolverCLITests {
    static let key = "unsplash-cli-key-5e8d21"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func unsplashStoresPicturesWithCreditsAndAFailingSearchCostsOnlyItsPicture() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }

        let run = try await cli.run(
            ["--topic", "Roman history", "--offline", "--images", "unsplash", "--db", cli.databasePath],
            environment: [
                "UNSPLASH_ACCESS_KEY": Self.key,
                "FCGEN_IMAGE_SEARCH_URL": server.unsplashURL("mixed").absoluteString,
            ])

        #expect(run.status == 0, "stderr: \(run.stderr)")
        // Hannibal's search fails (500), Augustus' finds nothing, the wolf is found.
        #expect(run.stdout.contains("images: 1 found, 1 none, 1 failed"), "stdout: \(run.stdout)")
        #expect(run.stdout.contains("14 cards stored"))
        #expect(
            run.stderr.contains(
                #"no picture for "Hannibal elephants crossing the Alps" (the search answered HTTP 500)"#))
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key))

        let sent = try await server.unsplashRequests()
        let searches = sent.filter { $0.path.contains("/search/photos") }
        #expect(searches.count == 3)
        #expect(searches.allSatisfy { $0.authorization == "Client-ID \(Self.key)" })
        #expect(sent.filter { $0.path.contains("/photo/") }.allSatisfy { $0.authorization == nil })

        let store = try await Store.open(path: cli.databasePath, now: .system)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 14)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE image_query IS NOT NULL") == 3)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE image_ref IS NOT NULL") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images WHERE mime = 'image/png'") == 1)
        #expect(try await store.scalarText("SELECT author_name FROM image_credits") == "Ada Photographer[2J")
        let id = try #require(
            try await store.scalarInteger("SELECT id FROM cards WHERE image_ref IS NOT NULL"))

        let shown = try await cli.run(["card", "show", "\(id)", "--db", cli.databasePath])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("photo by Ada Photographer[2J on unsplash"))
        #expect(shown.stdout.contains("photo page: https://unsplash.example/photos/"))
        #expect(shown.stdout.contains("image query: Capitoline wolf Romulus Remus statue"))
        let document = try json(
            try await cli.run(["card", "show", "\(id)", "--json", "--db", cli.databasePath]).stdout)
        let card = try #require(document["card"] as? [String: Any])
        #expect(card["imageQuery"] as? String == "Capitoline wolf Romulus Remus statue")
        let credit = (card["image"] as? [String: Any])?["credit"] as? [String: Any]
        #expect(credit?["provider"] as? String == "unsplash")
        #expect(credit?["authorUrl"] as? String == "https://unsplash.example/@ada")
    }

    @Test func theJSONReportCountsEachBatchsSearches() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let run = try await cli.run(
            ["--topic", "Roman history", "--offline", "--json", "--db", cli.databasePath],
            environment: [
                "UNSPLASH_ACCESS_KEY": Self.key, "FCGEN_IMAGE_RESOLVER": "unsplash",
                "FCGEN_IMAGE_SEARCH_URL": server.unsplashURL("ok").absoluteString,
            ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let batches = try #require(try json(run.stdout)["batches"] as? [[String: Any]])
        #expect(batches.first?["images"] as? [String: Int] == ["found": 3, "none": 0, "failed": 0])
    }

    @Test func noneSendsNoImageRequestAndStoresTheQueries() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let run = try await cli.run(
            ["--topic", "Roman history", "--offline", "--images", "none", "--db", cli.databasePath],
            environment: [
                "UNSPLASH_ACCESS_KEY": Self.key,
                "FCGEN_IMAGE_SEARCH_URL": server.unsplashURL("ok").absoluteString,
            ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(!run.stdout.contains("images:"))
        #expect(try await server.unsplashRequests().isEmpty)
        let store = try await Store.open(path: cli.databasePath, now: .system)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE image_query IS NOT NULL") == 3)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 0)
    }

    @Test func unsplashWithoutAKeyFailsBeforeAnythingIsSentOrStored() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let run = try await cli.run(
            ["--topic", "Roman history", "--offline", "--images", "unsplash", "--db", cli.databasePath],
            environment: ["UNSPLASH_ACCESS_KEY": "  "])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("UNSPLASH_ACCESS_KEY is not set: --images unsplash needs an access key"))
        #expect(run.stderr.split(separator: "\n").count == 1, "stderr: \(run.stderr)")
        let bad = try await cli.run(
            ["--topic", "Roman history", "--offline", "--images", "flickr", "--db", cli.databasePath])
        #expect(bad.status == 64 && bad.stderr.contains("--images must be one of none, unsplash"))
        if FileManager.default.fileExists(atPath: cli.databasePath) {
            #expect(try await topicCount(cli) == 0)
        }
    }

    private func topicCount(_ cli: CLIRunner) async throws -> Int64? {
        try await Store.open(path: cli.databasePath, now: .system).scalarInteger("SELECT COUNT(*) FROM topics")
    }

    @Test func theKeyNeverShowsInLogsOrErrorsEvenWhenEverySearchFails() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for mode in ["error", "garbage", "html"] {
            let run = try await cli.run(
                [
                    "--topic", "Roman history", "--offline", "--images", "unsplash", "--db",
                    cli.directory.appendingPathComponent("\(mode).sqlite").path, "--log-format", "json",
                ],
                environment: [
                    "UNSPLASH_ACCESS_KEY": Self.key,
                    "FCGEN_IMAGE_SEARCH_URL": server.unsplashURL(mode).absoluteString,
                ])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("image_failed"), "\(mode): \(run.stderr)")
            #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key), "\(mode)")
        }
    }
}
