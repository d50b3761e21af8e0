import FCTestSupport
import Foundation
import Testing

/// `fcgen card edit --editor` waits for `$EDITOR` without using the CPU: Foundation's `waitUntilExit()` spun a core
/// on Linux for as long as the learner typed. The editor here measures fcgen's own CPU time (from `/proc`) across a
/// second of "typing" and writes it into the card, so the figure is fcgen's, whatever else the machine runs.
struct CardEditorWaitTests {
    @Test func fcgenIdlesWhileTheEditorIsOpen() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let added = try await cli.run(["card", "add", "--topic", "Algebra", "--question", "Q", "--answer", "A"] + db)
        #expect(added.status == 0, "stderr: \(added.stderr)")

        let editor = cli.directory.appendingPathComponent("editor.sh")
        let script = """
            #!/bin/sh
            # The nearest ancestor called fcgen (the shell between may or may not exec the editor).
            pid=$PPID
            while [ "$(cat /proc/$pid/comm)" != "fcgen" ]; do pid=$(awk '{print $4}' /proc/$pid/stat); done
            ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
            before=$(ticks)
            sleep 1
            after=$(ticks)
            printf '== question\\nticks %s\\n== answer\\nA\\n' "$((after - before))" > "$1"

            """
        try Data(script.utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        // A child of its own: the figure is the fcgen process's CPU.
        let edited = try await cli.launch(
            executable: "fcgen", ["card", "edit", "1", "--editor"] + db, environment: ["EDITOR": editor.path]
        ).finish()
        #expect(edited.status == 0, "stderr: \(edited.stderr)")

        let shown = try await cli.run(["card", "show", "1", "--json"] + db)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let question = try #require((object["card"] as? [String: Any])?["question"] as? String)
        let ticks = try #require(Int(question.dropFirst("ticks ".count)), "\(question)")
        // Clock ticks are 1/100 s: a spinning wait costs about 100 here (a whole core for the second); an idle one
        // next to nothing. 20 leaves room for the runtime's own threads on a loaded machine.
        #expect(ticks < 20, "fcgen used \(ticks) ticks of CPU while the editor was open")
    }

    @Test func anEditorThatFailsNamesItsStatusAndChangesNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        _ = try await cli.run(["card", "add", "--topic", "Algebra", "--question", "Q", "--answer", "A"] + db)
        let editor = cli.directory.appendingPathComponent("broken.sh")
        try Data("#!/bin/sh\nexit 3\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        // A child of its own: the figure is the fcgen process's CPU.
        let edited = try await cli.launch(
            executable: "fcgen", ["card", "edit", "1", "--editor"] + db, environment: ["EDITOR": editor.path]
        ).finish()
        #expect(edited.status != 0)
        #expect(edited.stderr.contains("exited with status 3"), "\(edited.stderr)")
        let shown = try await cli.run(["card", "show", "1", "--json"] + db)
        #expect(shown.stdout.contains(#""question" : "Q""#) || shown.stdout.contains(#""question": "Q""#))
    }
}
