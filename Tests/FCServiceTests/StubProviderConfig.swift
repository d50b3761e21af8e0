import FCTestSupport
import Foundation
import NIOHTTP1

extension ServiceFixture {
    /// Writes the fixture's `config.json`: an OpenAI-compatible provider at `baseURL` on loopback (no key for a
    /// local base URL), one batch at a time, no outline request, no retries, ``TestPatience`` as the request timeout;
    /// `extra` adds members (JSON text without braces, e.g. `"daily_budget": 5`).
    func useStubProvider(_ baseURL: URL, extra: String = "") throws {
        let folder = directory.appendingPathComponent("config/fcgen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = """
            {"provider": "openai", "base_url": "\(baseURL.absoluteString)", "concurrency": 1,
             "timeout_s": \(TestPatience.seconds),
             "topic_outline": false, "retries": 0\(extra.isEmpty ? "" : ", " + extra)}
            """
        try Data(settings.utf8).write(to: folder.appendingPathComponent("config.json"))
    }

    /// The number of batches `fcgen batches` lists for the topic.
    func storedBatches(topic: String) async throws -> Int {
        let batches = try await fcgen(["batches", "--topic", topic, "--json"])
        let stored = try JSONSerialization.jsonObject(with: Data(batches.stdout.utf8)) as? [String: Any]
        return (stored?["batches"] as? [Any])?.count ?? -1
    }
}

extension LoopbackEndpoint {
    /// Creates a topic over HTTP; returns its id.
    func createTopic(_ name: String, token: String) async throws -> Int {
        let reply = try await call(.POST, "/v1/topics", token: token, json: #"{"name": "\#(name)"}"#)
        guard let id = (reply.json["topic"] as? [String: Any])?["id"] as? Int else {
            throw StubConfigError.unexpected(reply.text)
        }
        return id
    }

    /// Polls the generation until its status is `status` (``TestPatience`` at most: a hang); returns the last status
    /// seen.
    func waitForGeneration(_ id: String, status: String, token: String) async throws -> String {
        var seen = ""
        let deadline = ContinuousClock.now + TestPatience.duration
        while ContinuousClock.now < deadline {
            seen = try await call(.GET, "/v1/generations/\(id)", token: token).json["status"] as? String ?? ""
            if seen == status { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        return seen
    }
}

enum StubConfigError: Error {
    case unexpected(String)
}
