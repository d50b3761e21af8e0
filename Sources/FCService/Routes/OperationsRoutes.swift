import FCPipeline
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /healthz`, `/readyz`, `/metrics`, `/openapi.json`: for load balancers, probes, Prometheus and clients.
enum OperationsRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        [
            Route(.get, "/healthz", .open) { _, _ in try JSONResponse.make(Status(status: "ok")) },
            Route(.get, "/readyz", .open) { _, _ in
                let (version, expected): (Int, Int)
                do {
                    (version, expected) = try await Readiness.schema(on: environment.store)
                } catch {
                    throw Problem(.notReady, detail: "the database cannot be read")
                }
                guard version == expected else {
                    throw Problem(
                        .notReady, detail: "the database schema is version \(version); this fcgen expects \(expected)")
                }
                return try JSONResponse.make(Status(status: "ready", migration: version))
            },
            Route(.get, "/metrics", .open) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: environment.metrics.exposition())))
            },
            Route(.get, "/openapi.json", .open) { _, _ in
                JSONResponse.text(OpenAPIDocument.text)
            },
        ]
    }

    struct Status: Encodable {
        var status: String
        /// The newest applied migration (`/readyz`); `schemaVersion` is the JSON contract's, as everywhere.
        var migration: Int?
    }
}
