import Foundation
import NIOHTTP1
import Synchronization

/// Clients posting reviews back to back, each with its own `Idempotency-Key` and its own review time, recording
/// which the server acknowledged (a 2xx, with its answer) and which it never answered (cut off, or refused).
final class ReviewLoad: Sendable {
    /// One review request: enough to send it again and to find its review in the store.
    struct Sent: Sendable {
        var learner: Int
        var key: String
        var cardID: Int
        /// The review's time (`at`): unique per request, so the store's row says which request made it.
        var atMilliseconds: Int64
        /// The acknowledged answer's body; empty while unanswered.
        var answer = ""

        var body: String {
            let at = Date(timeIntervalSince1970: Double(atMilliseconds) / 1000)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return #"{"cardId": \#(cardID), "rating": "good", "at": "\#(formatter.string(from: at))"}"#
        }

        func post(to server: RunningServer, token: String) async throws -> Reply {
            try await server.call(.POST, "/v1/reviews", token: token, json: body, headers: [("Idempotency-Key", key)])
        }
    }

    private struct State {
        var acknowledged: [Sent] = []
        var unsettled: [Sent] = []
        var refused: [String] = []
        var stopped = false
    }

    let tokens: [String]
    let cards: [Int]
    /// Now, whole milliseconds (after the cards were made: a review cannot predate its card). Request `n` of client
    /// `c` reviews at `base + 8n + c` ms, unique and within the few minutes of clock skew the server allows.
    private let base = Int64(Date().timeIntervalSince1970 * 1000)
    private let state = Mutex(State())

    init(tokens: [String], cards: [Int]) {
        self.tokens = tokens
        self.cards = cards
    }

    var acknowledged: [Sent] { state.withLock { $0.acknowledged } }
    var unsettled: [Sent] { state.withLock { $0.unsettled } }
    var acknowledgedCount: Int { state.withLock { $0.acknowledged.count } }
    /// Answers that were neither a 2xx nor a cut-off connection: each is a bug (every request is valid).
    var refused: [String] { state.withLock { $0.refused } }

    func stop() { state.withLock { $0.stopped = true } }

    /// Client `client` (learner `client % tokens.count`) posts until ``stop()``.
    func run(client: Int, against server: RunningServer) async {
        let learner = client % tokens.count
        var sequence = 0
        while !state.withLock({ $0.stopped }) {
            sequence += 1
            var sent = Sent(
                learner: learner, key: "client\(client)-\(sequence)", cardID: cards[sequence % cards.count],
                atMilliseconds: base + Int64(sequence * 8 + client))
            do {
                let reply = try await sent.post(to: server, token: tokens[learner])
                guard (200..<300).contains(reply.status) else {
                    state.withLock { $0.refused.append("\(sent.key): \(reply.status) \(reply.text)") }
                    return
                }
                sent.answer = reply.text
                state.withLock { $0.acknowledged.append(sent) }
            } catch {
                state.withLock { $0.unsettled.append(sent) }
            }
        }
    }
}
