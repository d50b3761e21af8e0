import FCTestSupport
import Foundation
import Testing

/// The docs and the program agree: every `fcgen …` line shown in README.md and docs/*.md runs against the offline
/// demo with the exit status the docs give (``DocCommandScanner``), and the JSON the docs show is what the program
/// prints (docs/developing.md, "The doc test").
struct DocCommandTests {
    /// The lines the docs mark as not run, as "file: command": a new one must be added here on purpose.
    static let expectedNotRun: Set<String> = [
        "README.md: fcgen serve --port 8080 --offline",
        "README.md: fcgen --topic Photosynthesis --batches 2 --base-url http://127.0.0.1:11434/v1 --model llama3.2",
        "README.md: fcgen generate --topic Biology --from notes.md --base-url http://127.0.0.1:11434/v1 --model llama3.2",
        "README.md: OPENAI_API_KEY=… fcgen --topic Photosynthesis --provider openai --model gpt-4o-mini",
        "docs/api.md: fcgen serve --host 127.0.0.1 --port 8080 --db /var/lib/fcgen/fcgen.sqlite",
        "docs/cards.md: fcgen card add --topic Essays --editor",
        "docs/cards.md: fcgen --topic \"Roman history\" --kinds question,cloze,mcq",
        "docs/gamification.md: fcgen session end 1",
        "docs/guide.md: OPENAI_API_KEY=… fcgen --topic Photosynthesis --batches 2 --provider openai --model gpt-4o-mini",
        "docs/guide.md: fcgen --topic Photosynthesis --base-url http://127.0.0.1:11434/v1 --model llama3.2",
        "docs/guide.md: GEMINI_API_KEY=… fcgen --topic Photosynthesis --provider gemini",
        "docs/guide.md: ANTHROPIC_API_KEY=… fcgen --topic Photosynthesis --provider anthropic",
        "docs/guide.md: fcgen generate --topic Biology --from lecture.pdf --batches 2",
        "docs/guide.md: curl -s https://example.org/article.html | fcgen generate --topic Biology --from -",
        "docs/store.md: fcgen db copy --from ~/.local/share/fcgen/fcgen.sqlite --to postgres://fcgen@db.internal/fcgen",
        "docs/store.md: fcgen db copy --from postgres://fcgen@db.internal/fcgen --to /backup/fcgen.sqlite --json",
        "docs/webapp.md: fcgen serve --port 8080",
        "docs/webapp.md: fcgen serve --host 0.0.0.0 --port 8080 --signup invite --public-url https://cards.example.org",
        "docs/worker.md: fcgen jobs retry 12",
        "docs/worker.md: fcgen jobs cancel 12",
        "docs/worker.md: fcgen-worker --interval 10m --daily-budget 5",
        "docs/worker.md: fcgen-worker --once",
        "docs/worker.md: fcgen-worker --interval 10m",
    ]

    @Test func everyCommandInTheDocsRunsWithItsExitStatus() async throws {
        var scanner = DocCommandScanner()
        for file in try DocCommandScanner.documents(in: CLIRunner.repositoryRoot) {
            scanner.scan(try String(contentsOf: file, encoding: .utf8), name: Self.name(of: file))
        }
        let template = try await Self.demoFolder()
        defer { template.cleanUp() }
        // The operator's PostgreSQL database of docs/operating.md: a scratch one holding the demo.
        let scratch = try await TestPostgresServer.scratchDatabase(label: "doc")
        let blocks = scanner.blocks
        let postgresURL = scratch.url
        do {
            let filled = try await template.run([
                "db", "copy", "--from", Self.demoDatabase(template), "--to", scratch.url,
            ])
            #expect(filled.status == 0, "\(filled.stderr)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for block in blocks {
                    group.addTask { try await Self.run(block, from: template.directory, postgresURL: postgresURL) }
                }
                try await group.waitForAll()
            }
        } catch {
            await scratch.drop()
            throw error
        }
        await scratch.drop()
        #expect(blocks.flatMap(\.commands).count >= 80, "the scanner found too few commands")
        let notRun = Set(scanner.notRun.map { "\($0.location.prefix { $0 != ":" }): \($0.line)" })
        #expect(
            notRun == Self.expectedNotRun,
            "not run: \(scanner.notRun.map { "\($0.location) \($0.line) — \($0.reason)" })")
    }

    @Test func theJSONTheDocsShowIsWhatTheProgramPrints() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let printed = try await cli.run(["topics", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any]
        let version = try #require(document?["schemaVersion"] as? Int)
        struct Sample: Encodable, Sendable {
            var label: String
            var schema: String
            var stdout: String
        }
        var samples: [Sample] = []
        var versionsShown = 0
        for file in try DocCommandScanner.documents(in: CLIRunner.repositoryRoot) {
            let name = Self.name(of: file)
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/"schemaVersion"\s*:\s*(?<shown>\d+)/#) {
                versionsShown += 1
                let line = text[..<match.range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                    .count
                #expect(
                    Int(match.shown) == version,
                    "\(name):\(line) shows schemaVersion \(match.shown); fcgen prints \(version)")
            }
            let marked = #/<!--\s*doc-test: json-schema (?<schema>[a-z-]+)\s*-->\s*\n```json\n(?<body>(?s:.*?))\n```/#
            for match in text.matches(of: marked) {
                samples.append(Sample(label: name, schema: String(match.schema), stdout: String(match.body)))
            }
        }
        #expect(versionsShown > 0 && !samples.isEmpty)
        let answer = try await SchemaValidator.shared.validate(.json, samples)
        #expect(answer.count == samples.count)
        #expect(answer.problems.isEmpty, "\(answer.problems.joined(separator: "\n"))")
    }

    /// `README.md` or `docs/NAME.md`.
    static func name(of file: URL) -> String {
        file.lastPathComponent == "README.md" ? "README.md" : "docs/\(file.lastPathComponent)"
    }

    /// A home folder with the offline demo's database and the files the docs' examples name.
    static func demoFolder() async throws -> CLIRunner {
        let cli = try CLIRunner()
        let demo = try await cli.run(["--topic", "Roman history", "--batches", "3", "--offline"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let files: [String: String] = [
            "deck.csv": "question;answer\nWhat is the capital of France?;Paris\nWho wrote Hamlet?;Shakespeare\n",
            "sheet.csv": "question,answer\nCapital of Peru?,Lima\nWho painted Guernica?,\"Picasso, in 1937\"\n",
            "notes.md": "# Cells\n\nA cell is the smallest unit of life.\n\n## Mitochondria\n\nThey make ATP.\n",
            "q.txt": "Why did the Roman Republic end?\n",
            "a.txt": "Civil wars and the rise of Augustus.\n",
            "questions.txt": "Who founded Rome?\n",
            "reply.txt": try Self.recordedReply(),
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: cli.directory.appendingPathComponent(name))
        }
        try Data(TestPictures.png()).write(to: cli.directory.appendingPathComponent("flag.png"))
        for folder in [
            "tmp", ".local/share/bash-completion/completions", ".zfunc", ".config/fish/completions", "var/lib/fcgen",
            "backup",
        ] {
            try FileManager.default.createDirectory(
                at: cli.directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // The operator's SQLite file of docs/operating.md (/var/lib/fcgen/fcgen.sqlite): the demo, copied.
        let copied = try await cli.run([
            "db", "copy", "--from", Self.demoDatabase(cli), "--to",
            cli.directory.appendingPathComponent("var/lib/fcgen/fcgen.sqlite").path,
        ])
        #expect(copied.status == 0, "\(copied.stderr)")
        return cli
    }

    /// The demo's database in `cli`'s folder: the default place, `$XDG_DATA_HOME/fcgen/fcgen.sqlite`.
    static func demoDatabase(_ cli: CLIRunner) -> String {
        cli.directory.appendingPathComponent("data/fcgen/fcgen.sqlite").path
    }

    /// A model's reply text, as `fcgen sanitize` reads it: the first recorded Roman history reply's content.
    static func recordedReply() throws -> String {
        let file = CLIRunner.repositoryRoot.appendingPathComponent("fixtures/roman-history/batch-001.json")
        let completion = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let choice = try #require((completion["choices"] as? [[String: Any]])?.first)
        return try #require((choice["message"] as? [String: Any])?["content"] as? String)
    }

    /// Runs one block's lines in order, in a copy of `template`, in one shell (so `id=$(…)` carries to the next
    /// line), and checks each line's exit status (``DocBlockScript``: daemons too, once ready and stopped).
    static func run(_ block: DocCommandScanner.Block, from template: URL, postgresURL: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for item in try FileManager.default.contentsOfDirectory(atPath: template.path) {
            try FileManager.default.copyItem(
                at: template.appendingPathComponent(item), to: cli.directory.appendingPathComponent(item))
        }
        let script = DocBlockScript(
            commands: block.commands, places: .init(directory: cli.directory, postgresURL: postgresURL))
        let path =
            "\(CLIRunner.productsDirectory.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let result = try await cli.run(
            executable: "/usr/bin/timeout", [String(TestPatience.seconds), "/bin/sh", "-c", script.text],
            environment: ["PATH": path, "FCGEN_DB": Self.demoDatabase(cli)],
            workingDirectory: cli.directory)
        for (index, command) in block.commands.enumerated() {
            let status = (try? String(contentsOfFile: script.statusFile(index), encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let daemon = DocBlockScript.isDaemon(command.line)
            let log = daemon ? (try? String(contentsOfFile: script.logFile(index), encoding: .utf8)) ?? "" : ""
            #expect(
                status == command.expectedStatus,
                "\(command.location): `\(command.line)` exited \(status.map(String.init) ?? "never") where the docs say \(command.expectedStatus)\nstdout: \(result.stdout.suffix(600))\nstderr: \(result.stderr.suffix(1200))\(log.suffix(1200))"
            )
            if daemon {
                #expect(
                    FileManager.default.fileExists(atPath: script.readyFile(index)),
                    "\(command.location): `\(command.line)` was never ready: \(log.suffix(1200))")
            }
        }
    }
}
