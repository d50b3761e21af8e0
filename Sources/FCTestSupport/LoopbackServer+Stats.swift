import FCGenerator
package import Foundation

extension LoopbackServer {
    /// The server's `/stats` counters: connections and requests since start, and for the `/openai/…` route the
    /// chat requests answered (`chats`, outlines included), those read (`chats_received`, counted before the
    /// route's delay) and the sums of the `prompt_tokens` and `completion_tokens` their replies reported.
    package func counters() async throws -> [String: Int] {
        let response = try await TestHTTPClient.transport().send(
            LLMHTTPRequest(url: url("/stats"), method: "GET", body: Data(), timeoutSeconds: 30))
        guard response.status == 200,
            let counters = try JSONSerialization.jsonObject(with: response.body) as? [String: Int]
        else { throw LoopbackServerError.controlFailed(response.status) }
        return counters
    }
}
