package import Foundation

extension LoopbackServer {
    /// A request the fake Unsplash API (`/unsplash/<mode>/…`) received.
    package struct UnsplashRequest: Sendable, Equatable {
        /// Path and query, as sent.
        package var path: String
        /// The `Authorization` header; `nil` when the request had none.
        package var authorization: String?
    }

    /// The base URL of the fake Unsplash API answering in `mode` (`ok`, `empty`, `error`, `garbage`, `html`,
    /// `huge`, `cut`, `slow`, `mixed`; see ``UnsplashRoutes``).
    package func unsplashURL(_ mode: String) -> URL { url("/unsplash/\(mode)") }

    /// Every request the fake Unsplash API received since the server started, in arrival order.
    package func unsplashRequests() async throws -> [UnsplashRequest] {
        state.read(\.unsplash)
    }
}
