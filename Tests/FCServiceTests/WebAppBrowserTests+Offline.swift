import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

extension WebAppBrowserTests {
    @Test(
        """
        offline study: with the network off 10 cards in Learn (a picture card's kept picture shown), a reload, 3 \
        more and 2 in the feed (a picture card's kept picture shown); back online the 15 answers are sent by \
        themselves, stored with their offline times and the XP they earned
        """)
    func offlineStudy() async throws {
        guard let missing = Self.missingTools() else { return try await runOffline() }
        Issue.record("the browser tests need \(missing); scripts/test installs them")
    }

    /// `browser_scenario.py --offline`: Chromium goes offline through DevTools (`Network.emulateNetworkConditions`)
    /// while the service keeps running; then the store must hold the 15 reviews once each.
    private func runOffline() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        try await fixture.generateOffline(topic: "Solar system", batches: 1, kinds: "question,cloze,mcq")
        let token = fixture.learnerToken
        let shots =
            ProcessInfo.processInfo.environment["FCGEN_SCREENSHOTS_DIR"].map { URL(fileURLWithPath: $0) }
            ?? fixture.directory.appendingPathComponent("screenshots")
        let script = Repository.root.appendingPathComponent("Tests/WebApp/browser_scenario.py").path
        try await fixture.serveLive { server in
            // The first card the app keeps (the first topic's feed comes first) gets a picture, so offline Learn
            // asks it among its first 10 and must show the picture kept beside it; so does every card of the second
            // topic, whose feed then opens on a picture card after the reload.
            try await Self.picture(server, topic: "Roman history", cards: 1, learner: token, admin: fixture.adminToken)
            try await Self.picture(server, topic: "Solar system", cards: 100, learner: token, admin: fixture.adminToken)
            let result = try await Self.python(
                [script, server.base, "--offline", token, "--topic", "Roman history", "--shots", shots.path],
                in: fixture.directory)
            #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
            let steps = [
                "online, the app keeps", "offline: 10 cards studied in Learn; the line says '10 answers wait",
                "offline: a picture card studied in Learn, its kept picture shown on both faces",
                "offline: reloaded; the shell came from the service worker, 10 answers still wait",
                "offline: 3 more in Learn and 2 in the feed; the line says '15 answers wait",
                "offline feed: a picture card shown with its kept picture, read from IndexedDB after the reload",
                "online again: the 15 answers were sent by themselves",
                "the refused one dropped, and the line cleared",
                "the API holds exactly 15 reviews, each dated while offline", "no console errors",
            ]
            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok offline: ") }
            for step in steps {
                #expect(lines.contains { $0.contains(step) }, "\(step): \(result.stdout)")
            }
            #expect(result.stdout.contains("browser scenario passed: offline"))
            for screen in ["learn", "feed", "learn-picture", "feed-picture"] {
                let file = shots.appendingPathComponent("\(screen)-offline.png")
                #expect(FileManager.default.fileExists(atPath: file.path), "no screenshot \(file.lastPathComponent)")
            }
        }
        // Each answer once in the store: no replay recorded a second review.
        let learner = try #require(try await Learners.named(on: fixture.store, "ana"))
        let reviews = try await fixture.store.scalarInteger(
            "SELECT COUNT(*) FROM reviews WHERE user_id = \(learner.id)")
        #expect(reviews == 15)
    }
}
