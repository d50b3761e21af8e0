import FCGenerator
import Foundation
import Synchronization

/// Wraps a real transport and keeps every request body it sends, in order: request sizes are measured where they
/// leave for the network.
final class RecordingTransport: LLMTransport {
    private let inner: any LLMTransport
    private let storage = Mutex<[Data]>([])

    init(_ inner: any LLMTransport) {
        self.inner = inner
    }

    /// The request bodies sent so far.
    var bodies: [Data] { storage.withLock { $0 } }

    func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
        storage.withLock { $0.append(request.body) }
        return try await inner.send(request)
    }
}
