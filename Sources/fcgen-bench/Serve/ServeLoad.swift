import Foundation

/// The server process and the wrk runs of ``ServeBenchmark``.
enum ServeLoad {
    /// The wrk scripts: one request per call, a random learner's token each time.
    enum Script: String {
        case feed, reviews

        /// Lua for wrk: `init` reads the tokens file and the seeded ids from the script's arguments.
        var lua: String {
            let common = """
                local tokens = {}
                local counter = 0
                local n = 0
                function setup(thread)
                  counter = counter + 1
                  thread:set("id", counter)
                end
                function init(args)
                  for line in io.lines(args[1]) do tokens[#tokens + 1] = line end
                  firstTopic, topics = tonumber(args[2]), tonumber(args[3])
                  firstCard, cards = tonumber(args[4]), tonumber(args[5])
                  nonce = args[6]
                  math.randomseed(os.time() * 100 + id)
                end

                """
            switch self {
            case .feed:
                return common + """
                    function request()
                      local token = tokens[math.random(#tokens)]
                      local topic = firstTopic + math.random(topics) - 1
                      return wrk.format("GET", "/v1/topics/" .. topic .. "/feed?limit=10",
                        {["Authorization"] = "Bearer " .. token})
                    end
                    """
            case .reviews:
                return common + """
                    function request()
                      n = n + 1
                      local token = tokens[math.random(#tokens)]
                      local card = firstCard + math.random(cards) - 1
                      local ratings = {"again", "hard", "good", "easy"}
                      local body = '{"cardId": ' .. card .. ', "rating": "' .. ratings[math.random(4)] .. '"}'
                      return wrk.format("POST", "/v1/reviews", {["Authorization"] = "Bearer " .. token,
                        ["Content-Type"] = "application/json",
                        ["Idempotency-Key"] = nonce .. "-" .. id .. "-" .. n}, body)
                    end
                    """
            }
        }
    }

    /// What one wrk run measured.
    struct Result {
        var requestsPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        /// Non-2xx responses plus socket errors.
        var failures: Int
        /// Of those, requests wrk gave up on after its 2 s timeout: a starved machine's, not the server's refusals.
        var timeouts = 0

        var summary: String {
            String(
                format: "%.0f req/s, p50 %.2f ms, p99 %.2f ms, %d failed (%d timed out)", requestsPerSecond,
                p50Milliseconds, p99Milliseconds, failures, timeouts)
        }
    }

    /// A running `fcgen serve`.
    final class Server {
        let process: Process
        let url: String
        init(process: Process, url: String) {
            self.process = process
            self.url = url
        }

        /// The server's peak resident memory so far (VmHWM), in MB.
        func peakRSSMegabytes() -> Double {
            let path = "/proc/\(process.processIdentifier)/status"
            guard let status = try? String(contentsOfFile: path, encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
            else { return 0 }
            return kilobytes / 1024
        }

        /// The CPU time the server has used so far (user and system, `/proc/<pid>/stat`), in seconds.
        ///
        /// Its change over a wrk run, divided by the requests answered, is the server's own cost of a request: unlike
        /// req/s, it hardly moves with what else the machine runs, so it compares builds measured on a busy machine.
        func cpuSeconds() -> Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return 0 }
            // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        /// SIGTERM, then waits for the graceful exit.
        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }

    static func wrkPath() throws -> String {
        for directory in ["/usr/bin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: directory + "/wrk") {
            return directory + "/wrk"
        }
        throw BenchmarkFailure("wrk is not installed: apt-get install wrk (Debian's package)")
    }

    static func fcgenPath() throws -> String {
        let bench = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let path = URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("fcgen").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure(
                "no fcgen binary next to fcgen-bench (\(path)): build both with swift build -c release")
        }
        return path
    }

    /// Starts `fcgen serve` on a free loopback port and waits for its `listening on` line (its request log goes to
    /// a file in `log`).
    static func startServer(fcgen: String, database: String, log: URL) throws -> Server {
        let logFile = log.appendingPathComponent("serve-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fcgen)
        process.arguments = ["serve", "--db", database, "--host", "127.0.0.1", "--port", "0"]
        process.standardError = try FileHandle(forWritingTo: logFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && process.isRunning {
            let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /listening on (http:\/\/[0-9.]+:[0-9]+)/) {
                return Server(process: process, url: String(match.1))
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw BenchmarkFailure(
            "fcgen serve did not start: \((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")")
    }

    /// Runs wrk with `script` against `url` and parses its report.
    static func run(
        wrk: String, script: Script, url: String, tokens: URL, seed: ServeSeed, directory: URL, connections: Int,
        seconds: Int
    ) throws -> Result {
        try finish(
            start(
                wrk: wrk, script: script, url: url, tokens: tokens, seed: seed, directory: directory,
                connections: connections, seconds: seconds))
    }

    /// Starts wrk with `script` against `url`; ``finish(_:)`` reads its report. Several started together load several
    /// servers at once (wrk writes its short report only at the end, well within a pipe's buffer).
    static func start(
        wrk: String, script: Script, url: String, tokens: URL, seed: ServeSeed, directory: URL, connections: Int,
        seconds: Int, threads: Int = 2
    ) throws -> (process: Process, output: Pipe) {
        let scriptFile = directory.appendingPathComponent("\(script.rawValue).lua")
        try script.lua.write(to: scriptFile, atomically: true, encoding: .utf8)
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = [
            "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", scriptFile.path, url, "--",
            tokens.path, String(seed.firstTopicID), String(seed.topicCount), String(seed.firstCardID),
            String(seed.cardCount), UUID().uuidString.prefix(8).lowercased(),
        ]
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    /// Waits for a wrk started by ``start(wrk:script:url:tokens:seed:directory:connections:seconds:threads:)`` and
    /// parses its report.
    static func finish(_ started: (process: Process, output: Pipe)) throws -> Result {
        let text = String(decoding: started.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.process.waitUntilExit()
        guard started.process.terminationStatus == 0 else { throw BenchmarkFailure("wrk failed: \(text)") }
        return try parse(text)
    }

    /// Reads `Requests/sec`, the 50 % and 99 % latencies and the failure counts from wrk's `--latency` report.
    static func parse(_ text: String) throws -> Result {
        func milliseconds(_ percentile: String) -> Double? {
            let line = text.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(percentile)%")
            }
            guard let match = line?.firstMatch(of: /%\s+([0-9.]+)(us|ms|s)/), let value = Double(match.1) else {
                return nil
            }
            switch match.2 {
            case "us": return value / 1000
            case "s": return value * 1000
            default: return value
            }
        }
        guard let rate = text.firstMatch(of: /Requests\/sec:\s+([0-9.]+)/).flatMap({ Double($0.1) }),
            let p50 = milliseconds("50"), let p99 = milliseconds("99")
        else { throw BenchmarkFailure("unreadable wrk report: \(text)") }
        let non2xx = text.firstMatch(of: /Non-2xx or 3xx responses:\s+([0-9]+)/).flatMap { Int($0.1) } ?? 0
        var socketErrors = 0
        var timeouts = 0
        if let match = text.firstMatch(
            of: /Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)/)
        {
            socketErrors = [match.1, match.2, match.3, match.4].compactMap { Int($0) }.reduce(0, +)
            timeouts = Int(match.4) ?? 0
        }
        return Result(
            requestsPerSecond: rate, p50Milliseconds: p50, p99Milliseconds: p99, failures: non2xx + socketErrors,
            timeouts: timeouts)
    }
}
