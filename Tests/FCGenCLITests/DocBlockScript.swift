import Foundation

/// The shell script ``DocCommandTests`` runs for one block of the docs: its lines in order, each line's exit status
/// written to a file of its own (`.doc-test-status-N`), the operator's paths and database URL made the test's.
///
/// **Daemons.** `fcgen serve …` and `fcgen-worker … --interval …` never end by themselves: such a line runs in the
/// background (a trailing `&` is dropped, `--port 8080` becomes `--port 0`, so blocks and other tests never compete
/// for a port), the script waits until it is ready (`listening on` from `fcgen serve`, the first `round:` from the
/// worker; `.doc-test-ready-N`), runs the block's other lines, then sends each daemon SIGTERM and records its exit
/// status, which must be the one the docs give (0: a graceful stop). A daemon gets a placeholder `OPENAI_API_KEY`
/// when none is set, as an operator's has a provider configured: the demo's database holds no job or generation for
/// it to run.
struct DocBlockScript {
    /// What the docs' operator paths stand for in the test's folder `directory` (`/tmp/`, `/var/lib/fcgen/`,
    /// `/backup/`) and PostgreSQL URL (`postgres://fcgen@db.internal/fcgen`: a scratch database holding the demo).
    struct Places {
        var directory: URL
        var postgresURL: String

        var substitutions: [(String, String)] {
            [
                ("/tmp/", directory.path + "/tmp/"),
                ("/var/lib/fcgen/", directory.path + "/var/lib/fcgen/"),
                ("/backup/", directory.path + "/backup/"),
                ("postgres://fcgen@db.internal/fcgen", postgresURL),
            ]
        }
    }

    let commands: [DocCommandScanner.Command]
    let places: Places

    /// Whether `line` starts a daemon: `fcgen serve` or `fcgen-worker` with `--interval`.
    static func isDaemon(_ line: String) -> Bool {
        line.hasPrefix("fcgen serve ") || (line.hasPrefix("fcgen-worker ") && line.contains("--interval "))
    }

    /// The file where command `index`'s exit status ends up.
    func statusFile(_ index: Int) -> String {
        places.directory.appendingPathComponent(".doc-test-status-\(index)").path
    }

    /// The file that says daemon `index` was ready before it was stopped.
    func readyFile(_ index: Int) -> String { places.directory.appendingPathComponent(".doc-test-ready-\(index)").path }

    /// Daemon `index`'s output.
    func logFile(_ index: Int) -> String {
        places.directory.appendingPathComponent(".doc-test-daemon-\(index).log").path
    }

    var text: String {
        var script = ""
        var daemons: [Int] = []
        for (index, command) in commands.enumerated() {
            var line = command.line
            for (from, to) in places.substitutions { line = line.replacingOccurrences(of: from, with: to) }
            guard Self.isDaemon(command.line) else {
                script += "\(line)\necho \"$?\" > '\(statusFile(index))'\n"
                continue
            }
            if line.hasSuffix("&") { line = String(line.dropLast()).trimmingCharacters(in: .whitespaces) }
            line = line.replacingOccurrences(of: "--port 8080", with: "--port 0")
            let pid = "daemon_\(index)"
            script += """
                OPENAI_API_KEY="${OPENAI_API_KEY:-doc-test-placeholder}" \(line) > '\(logFile(index))' 2>&1 &
                \(pid)=$!
                until grep -q -e 'listening on' -e 'round:' '\(logFile(index))'; do
                  kill -0 "$\(pid)" 2>/dev/null || break
                  sleep 0.05
                done
                grep -q -e 'listening on' -e 'round:' '\(logFile(index))' && touch '\(readyFile(index))'

                """
            daemons.append(index)
        }
        for index in daemons {
            script += """
                kill -TERM "$daemon_\(index)" 2>/dev/null
                wait "$daemon_\(index)"
                echo "$?" > '\(statusFile(index))'

                """
        }
        return script
    }
}
