import FCGenerator
package import Foundation
import Synchronization

/// Runs `Tests/Support/llm_stub_server.py` (Python 3, standard library) on a free loopback port for one test or
/// benchmark.
///
/// The script plays an LLM provider: a test scripts its responses (status, headers, body, delay, a connection cut
/// mid-body), points a provider at ``baseURL``, then reads back what was sent. It also answers fixed path-driven
/// routes (`/delay/<s>`, `/status/<code>`, `/echo`, `/bytes/<n>`, `/stats`, `/openai/<s>/v1/chat/completions`, …;
/// see the script's docstring) for transport tests and benchmarks; reach them with ``url(_:)``. The server is a
/// separate process, so its CPU never shows up in this process's `getrusage`. It exits when ``stop()`` closes its
/// stdin, and on its own if this process dies, so no server outlives the tests.
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// defer { server.stop() }
/// try await server.script([.init(status: 429, headers: ["Retry-After": "2"]), .init(json: reply)])
/// // … run the provider against server.baseURL …
/// let sent = try await server.requests()
/// ```
package final class LoopbackServer: Sendable {
    /// One scripted response; see the script's docstring for the fields.
    package struct Response: Sendable, Encodable {
        package var status: Int
        package var headers: [String: String]
        package var body: String
        package var delaySeconds: Double
        package var closeMidBody: Bool
        package var closeBeforeResponse: Bool

        package init(
            status: Int = 200,
            headers: [String: String] = [:],
            body: String = "",
            delaySeconds: Double = 0,
            closeMidBody: Bool = false,
            closeBeforeResponse: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delaySeconds = delaySeconds
            self.closeMidBody = closeMidBody
            self.closeBeforeResponse = closeBeforeResponse
        }

        /// A JSON response: `body` is sent as is, with `Content-Type: application/json`.
        package init(status: Int = 200, json body: String, headers: [String: String] = [:], delaySeconds: Double = 0) {
            var all = ["Content-Type": "application/json"]
            for (name, value) in headers { all[name] = value }
            self.init(status: status, headers: all, body: body, delaySeconds: delaySeconds)
        }

        enum CodingKeys: String, CodingKey {
            case status, headers, body
            case delaySeconds = "delay_s"
            case closeMidBody = "close_mid_body"
            case closeBeforeResponse = "close_before_response"
        }
    }

    /// A request the server received.
    package struct RecordedRequest: Sendable, Decodable {
        package var method: String
        package var path: String
        /// Names lowercased.
        package var headers: [String: String]
        package var body: String
        /// When the server had read the request, in the server's monotonic seconds: compare requests, not clocks.
        package var receivedAt: Double

        enum CodingKeys: String, CodingKey {
            case method, path, headers, body
            case receivedAt = "received_at"
        }

        /// The body parsed as a JSON object, or `nil`.
        package var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }

    package let port: Int

    /// How long a control request (`/_script`, `/_requests`) may take. Generous: thousands of recorded requests or a
    /// 10 MB script take a while on a loaded machine, and a control call that gives up fails its test.
    static let controlTimeoutSeconds = 60
    /// `http://127.0.0.1:<port>`; providers append their own paths (`/chat/completions`, …).
    package let baseURL: URL

    private struct Running {
        var process: Process
        var stdin: FileHandle
    }

    // Process and FileHandle are not Sendable; the Mutex serialises every use of them.
    private let running: Mutex<Running?>
    private let control: HTTPClientTransport

    private init(port: Int, process: Process, stdin: FileHandle) {
        self.port = port
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        running = Mutex(Running(process: process, stdin: stdin))
        control = TestHTTPClient.transport()
    }

    deinit { stop() }

    /// The script, found from this file's location: `Sources/FCTestSupport/` → `../../Tests/Support/`.
    package static var scriptURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Support/llm_stub_server.py")
    }

    /// Launches the server and waits for it to report its port.
    /// - Throws: ``LoopbackServerError`` when the script is missing, Python can't be started or prints no port.
    package static func start() async throws -> LoopbackServer {
        guard FileManager.default.fileExists(atPath: scriptURL.path) else {
            throw LoopbackServerError.scriptMissing(scriptURL.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", scriptURL.path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw LoopbackServerError.launchFailed(String(describing: error))
        }
        let reader = output.fileHandleForReading
        // Reading blocks, so it runs off the cooperative pool.
        let line = await onOwnThread { readLine(reader) }
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw LoopbackServerError.noPort(line)
        }
        return LoopbackServer(port: port, process: process, stdin: input.fileHandleForWriting)
    }

    /// `http://127.0.0.1:<port><path>`, for the path-driven routes; `path` starts with `/` and may hold a query.
    package func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? baseURL
    }

    /// Replaces the response queue (and clears the recorded requests). `default` answers once the queue is empty.
    package func script(_ responses: [Response], default fallback: Response? = nil) async throws {
        struct Script: Encodable {
            var responses: [Response]
            var `default`: Response?
        }
        let body = try JSONEncoder().encode(Script(responses: responses, default: fallback))
        let response = try await control.send(
            LLMHTTPRequest(
                url: baseURL.appendingRawPath("_script"), body: body, timeoutSeconds: Self.controlTimeoutSeconds)
        )
        guard response.status == 200 else { throw LoopbackServerError.controlFailed(response.status) }
    }

    /// The provider requests received since the last ``script(_:default:)``, in order.
    ///
    /// - Parameter maxResponseBytes: a larger cap than the transport's for runs that record thousands of requests.
    package func requests(
        maxResponseBytes: Int = HTTPClientTransport.defaultMaxResponseBytes
    ) async throws -> [RecordedRequest] {
        let control =
            maxResponseBytes == HTTPClientTransport.defaultMaxResponseBytes
            ? control : TestHTTPClient.transport(maxResponseBytes: maxResponseBytes)
        let response = try await control.send(
            LLMHTTPRequest(
                url: baseURL.appendingRawPath("_requests"), method: "GET", body: Data(),
                timeoutSeconds: Self.controlTimeoutSeconds)
        )
        guard response.status == 200 else { throw LoopbackServerError.controlFailed(response.status) }
        return try JSONDecoder().decode([RecordedRequest].self, from: response.body)
    }

    /// Stops the server: closes its stdin and sends SIGTERM, either of which ends it. Safe to call more than once.
    ///
    /// Doesn't wait for the exit on the calling thread: `waitUntilExit()` blocks, and tests call this from the
    /// cooperative pool (two threads on a 2-core machine), where blocking stalls every other test. The process is
    /// reaped on a global queue instead.
    package func stop() {
        guard
            let running = running.withLock({ state -> Running? in
                defer { state = nil }
                return state
            })
        else { return }
        try? running.stdin.close()
        if running.process.isRunning { running.process.terminate() }
        let reaper = Reaper(process: running.process)
        Thread { reaper.process.waitForExit() }.start()
    }

    /// Hands the process to the reaping queue. `Process` is not `Sendable`; after `stop()` only the reaper uses it.
    private struct Reaper: @unchecked Sendable {
        let process: Process
    }
}

/// Why the loopback server could not be used.
package enum LoopbackServerError: Error, Sendable, CustomStringConvertible {
    case scriptMissing(String)
    case launchFailed(String)
    case noPort(String)
    case controlFailed(Int)

    package var description: String {
        switch self {
        case .scriptMissing(let path): "loopback server script not found at \(path); run from the source tree"
        case .launchFailed(let detail): "could not start python3 for the loopback server: \(detail)"
        case .noPort(let line): "the loopback server printed no port (first line: \"\(line)\")"
        case .controlFailed(let status): "the loopback server's control endpoint answered HTTP \(status)"
        }
    }
}

/// Reads one line (without its newline) from `handle`, or what there is before end of file.
private func readLine(_ handle: FileHandle) -> String {
    var bytes: [UInt8] = []
    while true {
        let chunk = handle.readData(ofLength: 1)
        guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
        bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
}
