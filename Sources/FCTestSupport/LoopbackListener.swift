package import Hummingbird
package import Logging
package import NIOCore

/// Runs a Hummingbird application on an ephemeral loopback port in a task and returns once it listens: the loopback
/// LLM stub (``LoopbackServer``) and the tests' other stand-ins (a push service) start this way.
package enum LoopbackListener {
    /// A logger that says nothing: Hummingbird logs "Server started…" at info level to stdout otherwise.
    package static func quietLogger(_ label: String) -> Logger {
        Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// Builds the application with `make` (given the `onServerRunning` callback that reports the bound port; the
    /// application must listen on `127.0.0.1` port 0), runs it, and returns its port and the task running it.
    ///
    /// - Throws: ``LoopbackServerError`` when it stopped before listening.
    package static func start<App: ApplicationProtocol>(
        _ make: (@escaping @Sendable (any Channel) async -> Void) -> App
    ) async throws -> (port: Int, running: Task<Void, any Error>) {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = make { channel in
            listening.yield(channel.localAddress?.port ?? 0)
            listening.finish()
        }
        let running = Task {
            defer { listening.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            running.cancel()
            let failure: String
            switch await running.result {
            case .failure(let error): failure = String(describing: error)
            case .success: failure = "it stopped before listening"
            }
            throw LoopbackServerError.notListening(failure)
        }
        return (port, running)
    }
}
