import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The web app in a real headless Chromium: `Tests/WebApp/browser_scenario.py` (selenium) against the service as
/// `fcgen serve --offline` runs it (``ServiceUnderTest/serveLive``: in this process, on a socket of its own), at phone (390×844) and desktop (1440×900) size, one learner per size, one Chromium for both.
///
/// Needs Debian's `chromium` and `chromium-driver` and python3's `selenium` (`scripts/test` installs them); without
/// them the test fails saying how to install them. Screenshots of every screen go to a temporary folder, or to
/// `FCGEN_SCREENSHOTS_DIR` (`FCGEN_SCREENSHOTS_DIR=$PWD/docs/screenshots` refreshes the committed ones).
@Suite("fcgen serve: the web app in Chromium", .serialized)
struct WebAppBrowserTests {
    static let screens = [
        "signin", "signin-error", "signup", "topics", "feed-question", "feed-answer", "feed-understood", "learn-setup",
        "learn-question", "learn-answer", "learn-summary", "learn-resume", "learn-mcq", "learn-edit", "me", "me-box",
        "me-calendar",
        "me-achievements",
        "me-leaderboard", "me-statistics", "me-bookmarks", "quiz-verdict", "quiz-evaluation", "generate",
        "deck-import-error", "deck-editor", "deck-search", "deck-cloze", "me-password", "set-password", "me-reminders",
    ]

    @Test(
        """
        sign in, topics, feed and a 10-card session by keyboard (a card's picture on both faces of each), Me with \
        the calendar and a mystery box, a quiz, \
        generation with live progress, the deck's CSV errors; at both sizes, no console errors
        """)
    func scenario() async throws {
        guard let missing = Self.missingTools() else { return try await run() }
        Issue.record(
            """
            the browser tests need \(missing): apt-get install chromium chromium-driver && \
            python3 -m pip install selenium (or with --break-system-packages); scripts/test installs them
            """)
    }

    private func run() async throws {
        // KaTeX from Debian's package, as `fcgen serve` serves it by default.
        let fixture = try await ServiceUnderTest(seeded: false) {
            $0.webApp = WebAppSettings(katexDirectory: WebAppSettings.debianKatexDirectory)
            // The account steps sign up without an invite.
            $0.signUp = .open
        }
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        // A second topic, with maths (its second batch's exponent rules), so the list has more than one, Learn has a
        // choice to make and the deck's search finds typeset formulas.
        try await fixture.generateOffline(topic: "Algebra", batches: 2)
        // And one whose recorded replies hold a multiple-choice card, answered by a tap in Learn.
        try await fixture.generateOffline(topic: "Solar system", batches: 1, kinds: "question,cloze,mcq")
        let (phone, admin) = (fixture.learnerToken, fixture.adminToken)
        let desktop = try await fixture.token(user: "bo")
        // Each size's token learner gets a password through an operator's reset link (account_steps.reset_link).
        var arguments: [String] = []
        for (size, name) in [("phone", "ana"), ("desktop", "bo")] {
            var generator = SystemRandomNumberGenerator()
            let code = OneUseCode.passwordReset.newCode(using: &generator)
            let learner = try #require(try await Learners.named(on: fixture.store, name))
            _ = try await Accounts.createPasswordReset(
                on: fixture.store,
                userID: learner.id, hash: OneUseCode.passwordReset.hash(code),
                expiresAt: Date().addingTimeInterval(3_600))
            arguments += ["--reset", "\(size):\(name):\(code)"]
        }
        let resets = arguments
        let logged = LogLines()
        try await fixture.serveLive(logger: logged.jsonLogger) { server in
            try await Self.scenario(
                server, fixture: fixture, phone: phone, desktop: desktop, admin: admin, resets: resets)
        }
        let bad = logged.lines.filter { $0.contains(#""status":500"#) }
        #expect(bad.isEmpty, "\(bad)")
        #expect(logged.text.contains(#""event":"request""#))
    }

    private static func scenario(
        _ server: LiveServer, fixture: ServiceUnderTest, phone: String, desktop: String, admin: String,
        resets: [String]
    ) async throws {
        let topics = try #require(try await server.call(.GET, "/v1/topics", token: phone).json["topics"] as? [Any])
        let topic = try #require(
            topics.compactMap { $0 as? [String: Any] }.first { $0["name"] as? String == "Roman history" })
        let cards = try #require(topic["cards"] as? Int)
        let algebraCards = try #require(
            topics.compactMap { $0 as? [String: Any] }.first { $0["name"] as? String == "Algebra" }?["cards"] as? Int)
        // Pictures where learners study: the feed's topic's first card and the first card of Algebra, the topic Learn
        // studies (the first listed), which a new session asks first.
        for name in ["Roman history", "Algebra"] {
            try await Self.picture(server, topic: name, cards: 1, learner: phone, admin: admin)
        }

        let environment = ProcessInfo.processInfo.environment
        let shots =
            environment["FCGEN_SCREENSHOTS_DIR"].map { URL(fileURLWithPath: $0) }
            ?? fixture.directory.appendingPathComponent("screenshots")
        let katex = FileManager.default.fileExists(atPath: "/usr/share/javascript/katex/katex.min.js")
        let script = Repository.root.appendingPathComponent("Tests/WebApp/browser_scenario.py")
        let result = try await Self.python(
            [
                script.path, server.base, "--size", "phone:\(phone)", "--size", "desktop:\(desktop)", "--admin", admin,
                "--topic", "Roman history", "--cards", String(cards), "--shots", shots.path,
            ] + resets + (katex ? ["--katex"] : []), in: fixture.directory)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for size in ["phone", "desktop"] {
            let steps = [
                "a bad token says", "signed in; topics list 'Roman history' with \(cards) cards", "feed: Space flipped",
                "feed: the card's picture shown on the question and the answer",
                "learn: the card's picture shown on the question and the answer",
                "→ recorded understood", "learn: the rating buttons show when the card comes back",
                "a screen whose answer came late did not draw over the newer one",
                "learn: 10 cards by keyboard", "learn: the summary lists the missed card",
                "learn: U took the first answer back",
                "learn: 7 cards came back until passed (17 answers for 10 cards)",
                // The feed's understood card, 10 first sights and 7 cards that came back on badger's learning step.
                "calendar: today went from 0 to 18 reviews",
                "boxes: ", "one opened", "boxes: open all left none unopened", "leaderboard row",
                "quiz: I was right (", "counted the wrong answer right",
                "quiz: typed answers; the evaluation lists 1 wrong, 1 right on your word and 8 unanswered",
                "generation: created 'Volcanoes \(size)', 2 batches arrived",
                "deck: a card with its reversed twin added", "deck: a cloze card added in the editor",
                "deck: a multiple-choice card added in the editor",
                "deck: a bad CSV row is refused as 'bad-\(size).csv:3:",
                "deck: a comma-separated CSV previewed as such, then imported",
                "feed: ← bookmarked card", "me: bookmarks list card", "me: statistics show",
                "deck: a PNG picture added", "deck: ↑ moved the card", "cards selected and deleted at once",
                "deck: the editor's Topic moved card", "deck: searching 'a^m' listed",
                "deck: after a reload the search was still there", "deck: kind=cloze listed", "learn: E edited card",
                "no console errors",
                "account: signed up as pat-\(size); the session cookie is HttpOnly",
                "account: signed out; the server ended the session", "account: signed in again with the password",
                "account: a token made on Me, its secret shown once, then revoked",
                "account: signed out everywhere from Me",
                "account: password changed on Me; the other device signed out, this browser not",
                "account: a reset link set \(size == "phone" ? "ana" : "bo")'s password and signed in",
                "account: a used reset link is refused",
                "reminder: Every day at 07:30 (Africa/Abidjan)",
                "reminder: Enable notifications is offered on a secure page",
                "reminder: the calendar link, shown once, serves the daily event", "reminder: turned off",
            ]
            for step in steps {
                let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok \(size): ") }
                #expect(lines.contains { $0.contains(step) }, "\(size) \(step): \(result.stdout)")
            }
            for screen in Self.screens {
                let file = shots.appendingPathComponent("\(screen)-\(size).png")
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                #expect(size > 1000, "no screenshot \(file.lastPathComponent)")
            }
        }
        #expect(result.stdout.contains("browser scenario passed: phone, desktop"))

        // What the browser did is in the API: each learner's XP went up from nothing and every box is open; each
        // size's topic has its 2 generated batches, and the refused CSV stored nothing.
        for token in [phone, desktop] {
            let me = try await server.call(.GET, "/v1/me", token: token)
            #expect((me.json["totalXP"] as? Int ?? 0) > 0, "\(me.text)")
            let boxes = try await server.call(.GET, "/v1/boxes", token: token)
            #expect(boxes.json["unopened"] as? Int == 0, "\(boxes.text)")
            #expect((boxes.json["boxes"] as? [Any])?.count ?? 0 >= 3, "\(boxes.text)")
        }
        let after = try #require(try await server.call(.GET, "/v1/topics", token: admin).json["topics"] as? [Any])
        let algebraAfter = after.compactMap { $0 as? [String: Any] }.first { $0["name"] as? String == "Algebra" }
        #expect(algebraAfter?["cards"] as? Int == algebraCards + 2, "each size moved one card to Algebra")
        for size in ["phone", "desktop"] {
            let made = after.compactMap { $0 as? [String: Any] }.first { $0["name"] as? String == "Volcanoes \(size)" }
            #expect(made?["batches"] as? Int == 2, "\(size): \(String(describing: made))")
            let generated = made?["cards"] as? Int ?? 0
            #expect(generated > 2, "\(size): the generated cards and the added card with its twin")
            // The editor's multiple-choice card, as the API stores it.
            let topicID = try #require(made?["id"] as? Int)
            let deck = try await server.call(.GET, "/v1/topics/\(topicID)/cards?limit=200", token: admin)
            let mcq = (deck.json["cards"] as? [[String: Any]])?.first {
                $0["question"] as? String == "Which city did Romulus found?"
            }
            let choices = mcq?["choices"] as? [String: Any]
            #expect(choices?["options"] as? [String] == ["Alba Longa", "Rome", "Veii", "Ostia"], "\(deck.text)")
            #expect(choices?["correctIndex"] as? Int == 1 && mcq?["answer"] as? String == "Rome")
        }
    }

    @Test(
        """
        on a LAN address over plain HTTP (not a secure context) a phone signs in, the feed shows a card's picture \
        online and offline, its Understood and Not yet record their reviews, and a script error in an action is shown \
        to the learner
        """)
    func lanScenario() async throws {
        guard let missing = Self.missingTools() else { return try await runLAN() }
        Issue.record("the browser tests need \(missing); scripts/test installs them")
    }

    /// `browser_scenario.py --lan`: Chromium maps `fcgen.test` to the server's address, so the page is served from
    /// a name that is not localhost, as a phone on the home network opens it; then the API counts the reviews.
    private func runLAN() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let learner = try await fixture.token(user: "cy")
        try await fixture.serveLive { server in
            // The feed's first cards get a picture: the first is shown online, the next ones offline (kept).
            try await Self.picture(
                server, topic: "Roman history", cards: 3, learner: learner, admin: fixture.adminToken)
            try await Self.lanScenario(server, fixture: fixture, learner: learner)
        }
    }

    private static func lanScenario(_ server: LiveServer, fixture: ServiceUnderTest, learner: String) async throws {
        let shots = fixture.directory.appendingPathComponent("screenshots")
        let script = Repository.root.appendingPathComponent("Tests/WebApp/browser_scenario.py")
        let result = try await Self.python(
            [script.path, server.base, "--lan", learner, "--topic", "Roman history", "--shots", shots.path],
            in: fixture.directory)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let steps = [
            "fcgen.test over plain HTTP is not a secure context", "feed: the card's picture shown online",
            "offline feed: the card's kept picture shown", "feed: tapping Understood recorded card",
            "feed: tapping Not yet recorded card",
            "offline without a service worker: Understood waited in the outbox and was sent",
            "a script error on Understood is shown: Something went wrong in the app",
            "a promise rejected outside any handler is shown: Something went wrong in the app",
            "an error thrown from a timer is shown: Something went wrong in the app",
            "no console errors but the forced ones",
            "reminder: on plain HTTP, Notifications need a secure connection",
        ]
        for step in steps {
            #expect(result.stdout.contains("ok lan: \(step)"), "\(step): \(result.stdout)")
        }
        #expect(result.stdout.contains("browser scenario passed: lan"))

        // The two taps and the one sent from the outbox are three reviews (the offline one may be of the card
        // rated Not yet, due again first); the broken tap recorded nothing.
        let topics = try #require(try await server.call(.GET, "/v1/topics", token: learner).json["topics"] as? [Any])
        let topic = try #require(topics.compactMap { $0 as? [String: Any] }.first?["id"] as? Int)
        let deck = try await server.call(.GET, "/v1/topics/\(topic)/cards?limit=200", token: learner)
        let cards = try #require(deck.json["cards"] as? [[String: Any]], "\(deck.text)")
        let reps = cards.compactMap { ($0["progress"] as? [String: Any])?["reps"] as? Int }.filter { $0 > 0 }
        #expect(reps.reduce(0, +) == 3 && reps.count >= 2, "\(deck.text)")
        let me = try await server.call(.GET, "/v1/me", token: learner)
        #expect((me.json["totalXP"] as? Int ?? 0) > 0, "\(me.text)")
    }

    @Test(
        """
        installable: Chromium's installability check passes and the service worker keeps the shell; with the server \
        stopped the app still opens from it
        """)
    func installableOffline() async throws {
        guard let missing = Self.missingTools() else { return try await runInstall() }
        Issue.record("the browser tests need \(missing); scripts/test installs them")
    }

    /// `browser_scenario.py --install`: the online phase against the running service, then the offline phase on the
    /// same browser profile once the service has stopped (its port answers nothing: no network).
    private func runInstall() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let token = fixture.learnerToken
        let profile = fixture.directory.appendingPathComponent("profile").path
        let shots =
            ProcessInfo.processInfo.environment["FCGEN_SCREENSHOTS_DIR"].map { URL(fileURLWithPath: $0) }
            ?? fixture.directory.appendingPathComponent("screenshots")
        let script = Repository.root.appendingPathComponent("Tests/WebApp/browser_scenario.py").path
        let phase = { @Sendable (base: String, name: String) in
            try await Self.python(
                [
                    script, base, "--install", token, "--phase", name, "--profile", profile, "--topic", "Roman history",
                    "--shots", shots.path,
                ], in: fixture.directory)
        }
        let (base, online) = try await fixture.serveLive { server in
            (server.base, try await phase(server.base, "online"))
        }
        #expect(online.status == 0, "\(online.stdout)\n\(online.stderr)")
        #expect(online.stdout.contains("ok install: Chromium's installability check passes"), "\(online.stdout)")
        #expect(online.stdout.contains("ok install: the service worker controls the app"), "\(online.stdout)")
        let offline = try await phase(base, "offline")
        #expect(offline.status == 0, "\(offline.stdout)\n\(offline.stderr)")
        #expect(offline.stdout.contains("ok install: with the server gone the shell loads"), "\(offline.stdout)")
    }

    /// What is missing of chromium, chromedriver and selenium; nil when all are there.
    static func missingTools() -> String? {
        var missing: [String] = []
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/lib/chromium"
        for tool in ["chromium", "chromedriver"] {
            let found = path.split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
            }
            if !found { missing.append(tool == "chromium" ? "chromium" : "chromium-driver (chromedriver)") }
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import selenium"]
        probe.standardError = FileHandle.nullDevice
        if (try? probe.run()) == nil {
            missing.append("python3")
        } else {
            probe.waitForExit()
            if probe.terminationStatus != 0 { missing.append("python3's selenium") }
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }

    /// Runs `python3 arguments…` with this process's environment (python and its packages as the shell has
    /// them), through the tests' one child-process helper.
    static func python(_ arguments: [String], in directory: URL) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let ran = try await ChildProcess.run("/usr/bin/env", ["python3"] + arguments, workingDirectory: directory)
        return (ran.termination.status, ran.output, ran.error)
    }
}
