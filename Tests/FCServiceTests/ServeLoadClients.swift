import FCTestSupport
import Foundation
import NIOHTTP1
import Synchronization

/// `fcgen-bench serve`'s load inside a test: clients sending, back to back until ``stop()``, what its wrk scripts
/// send (a feed page `GET /v1/topics/{id}/feed?limit=10`, and a review `POST /v1/reviews` with its own
/// `Idempotency-Key`, each with a random learner's token and card), spread over the instances in ``targets``.
///
/// Every answer is counted by instance; anything but a 2xx is a failure, except requests cut off by an instance the
/// test killed (``lose(_:)``). `FCGEN_TEST_PROCESS_LOAD` sets the clients per instance (default 2, small enough for
/// CI's two cores; 21 is the bench's 64 connections over three instances).
final class ServeLoadClients: Sendable {
    static var clientsPerInstance: Int {
        let value = ProcessInfo.processInfo.environment["FCGEN_TEST_PROCESS_LOAD"].flatMap { Int($0) } ?? 2
        return min(max(value, 1), 64)
    }

    /// Options for instances under this load: a few learners stand in for the bench's thousand, so the per-token
    /// rate limit must not refuse them.
    static let serveOptions = ["--rate-limit", "1000000", "--rate-burst", "1000000"]

    private struct State {
        var targets: [RunningServer] = []
        var lost: Set<String> = []
        var answered: [String: Int] = [:]
        var failures: [String] = []
        var stopped = false
    }

    let topic: Int
    let tokens: [String]
    let cards: [Int]
    private let state = Mutex(State())

    init(topic: Int, tokens: [String], cards: [Int]) {
        self.topic = topic
        self.tokens = tokens
        self.cards = cards
    }

    /// A topic of the offline demo and `learners` tokens on the fixture's database, its cards read through `server`.
    static func seed(
        _ fixture: ServiceFixture, through server: RunningServer, learners: Int = 4
    ) async throws -> ServeLoadClients {
        let made = try await fixture.fcgen(["--topic", "Algebra", "--batches", "1", "--offline"])
        guard made.status == 0 else { throw LoadSeedError(message: made.stderr) }
        var tokens: [String] = []
        for index in 0..<learners { tokens.append(try await fixture.token(user: "load\(index)")) }
        let topics = try await server.call(.GET, "/v1/topics", token: tokens[0])
        let topic = (topics.json["topics"] as? [[String: Any]])?.first { $0["name"] as? String == "Algebra" }?["id"]
        guard let topic = topic as? Int else { throw LoadSeedError(message: topics.text) }
        let page = try await server.call(.GET, "/v1/topics/\(topic)/cards?limit=50", token: tokens[0])
        let cards = (page.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        guard !cards.isEmpty else { throw LoadSeedError(message: page.text) }
        return ServeLoadClients(topic: topic, tokens: tokens, cards: cards)
    }

    /// Answers counted per instance (`base`), and every failure seen.
    var answered: [String: Int] { state.withLock { $0.answered } }
    var failures: [String] { state.withLock { $0.failures } }

    /// Loads `server` too from now on.
    func add(_ server: RunningServer) { state.withLock { $0.targets.append(server) } }

    /// Stops sending to `server` (before it is stopped: the requests in flight still get their answers).
    func remove(_ server: RunningServer) { state.withLock { $0.targets.removeAll { $0.base == server.base } } }

    /// `server` is about to be killed: no more requests go to it, and those it leaves unanswered are not failures.
    func lose(_ server: RunningServer) {
        state.withLock {
            $0.targets.removeAll { $0.base == server.base }
            $0.lost.insert(server.base)
        }
    }

    func stop() { state.withLock { $0.stopped = true } }

    /// Runs `clients` clients until ``stop()``; returns when all have stopped.
    func run(clients: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for client in 0..<clients { group.addTask { await self.client(client) } }
        }
    }

    private func client(_ client: Int) async {
        var sequence = 0
        while true {
            sequence += 1
            let target: RunningServer? = state.withLock { state in
                state.stopped || state.targets.isEmpty ? nil : state.targets[(client + sequence) % state.targets.count]
            }
            guard let target else { return }
            let token = tokens.randomElement() ?? ""
            do {
                let reply: Reply
                if sequence.isMultiple(of: 2) {
                    reply = try await target.call(.GET, "/v1/topics/\(topic)/feed?limit=10", token: token)
                } else {
                    let rating = ["again", "hard", "good", "easy"].randomElement() ?? "good"
                    reply = try await target.call(
                        .POST, "/v1/reviews", token: token,
                        json: #"{"cardId": \#(cards.randomElement() ?? 0), "rating": "\#(rating)"}"#,
                        headers: [("Idempotency-Key", "load-\(client)-\(sequence)-\(UUID().uuidString)")])
                }
                record(target.base, failure: (200..<300).contains(reply.status) ? nil : "\(reply.status) \(reply.text)")
            } catch {
                record(target.base, failure: "\(error)")
            }
        }
    }

    private func record(_ base: String, failure: String?) {
        state.withLock { state in
            if let failure {
                if !state.lost.contains(base) { state.failures.append("\(base): \(failure.prefix(300))") }
            } else {
                state.answered[base, default: 0] += 1
            }
        }
    }
}

struct LoadSeedError: Error, CustomStringConvertible {
    var message: String
    var description: String { "seeding the load failed: \(message)" }
}
