import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The web app's files as `fcgen serve` sends them: from the binary, with their media types, validators and
/// security headers; nothing outside them, and KaTeX only from its folder.
@Suite("fcgen serve: the web app's files", .serialized)
struct WebAppTests {
    @Test("/ and /app/… come from the binary with CSP, ETag and no-cache; 304 on a match; unknown is 404")
    func embeddedFiles() async throws {
        let fixture = try ServiceFixture()
        // Run from an empty folder with no KaTeX: the binary needs nothing beside it.
        let server = try await fixture.serve(["--katex-dir", ""])
        let index = try await server.call(.GET, "/")
        #expect(index.status == 200)
        #expect(index.contentType == "text/html; charset=utf-8")
        #expect(index.text.contains(#"<script type="module" src="/app/js/main.js"></script>"#))
        #expect(index.text.contains(#"data-katex="off""#))
        // No inline script anywhere: every <script> has a src, and the policy allows scripts from this origin only.
        let scripts = index.text.components(separatedBy: "<script").dropFirst()
        #expect(!scripts.isEmpty && scripts.allSatisfy { $0.prefix(while: { $0 != ">" }).contains("src=") })
        let policy = index.headers.first(name: "Content-Security-Policy") ?? ""
        #expect(policy.contains("script-src 'self';") && !policy.contains("unsafe-inline"), "\(policy)")
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(index.headers.first(name: "X-Content-Type-Options") == "nosniff")
        #expect(index.headers.first(name: "Cache-Control") == "no-cache")
        let etag = try #require(index.headers.first(name: "ETag"))
        #expect(etag.hasPrefix("\"") && etag.count == 18)

        let cached = try await server.call(.GET, "/", headers: [("If-None-Match", etag)])
        #expect(cached.status == 304)
        #expect(cached.text.isEmpty)
        #expect(try await server.call(.GET, "/", headers: [("If-None-Match", "\"other\"")]).status == 200)

        let types = [
            "/app/js/main.js": "text/javascript; charset=utf-8", "/app/app.css": "text/css; charset=utf-8",
            "/app/icon.svg": "image/svg+xml",
        ]
        for (path, type) in types {
            let reply = try await server.call(.GET, path)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.contentType == type, "\(path)")
            #expect(reply.headers.first(name: "ETag") != nil, "\(path)")
        }
        // Every module the app imports is served.
        for path in WebAppRoutes.paths where path.hasSuffix(".js") {
            let text = try await server.call(.GET, path).text
            for match in text.matches(of: /from "\.\/([a-z]+\.js)"/) {
                #expect(WebAppRoutes.paths.contains("/app/js/\(match.1)"), "\(path) imports \(match.1)")
            }
        }

        expectProblem(try await server.call(.GET, "/app/nothing.js"), status: 404, code: "not_found")
        expectProblem(try await server.call(.GET, "/app/katex/katex.min.js"), status: 404, code: "not_found")
        expectProblem(try await server.call(.GET, "/index.html.bak"), status: 404, code: "not_found")
        #expect(await server.stop() == 0)
    }

    @Test("KaTeX is served from its folder when it has katex.min.js; nothing above the folder is reachable")
    func katexFolder() async throws {
        let fixture = try ServiceFixture()
        let katex = fixture.directory.appendingPathComponent("katex")
        try FileManager.default.createDirectory(
            at: katex.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try "window.katex = {};\n".write(
            to: katex.appendingPathComponent("katex.min.js"), atomically: true, encoding: .utf8)
        try Data([0x77, 0x4F, 0x46, 0x32]).write(to: katex.appendingPathComponent("fonts/KaTeX_Main-Regular.woff2"))
        try "top secret\n".write(
            to: fixture.directory.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let server = try await fixture.serve(["--katex-dir", katex.path])

        let index = try await server.call(.GET, "/")
        #expect(index.text.contains(#"data-katex="on""#))
        #expect(index.headers.first(name: "ETag")?.hasSuffix("-katex\"") == true)
        let script = try await server.call(.GET, "/app/katex/katex.min.js")
        #expect(script.status == 200)
        #expect(script.text == "window.katex = {};\n")
        #expect(script.contentType.contains("javascript"), "\(script.contentType)")
        #expect(script.headers.first(name: "Cache-Control")?.contains("max-age=86400") == true)
        let font = try await server.call(.GET, "/app/katex/fonts/KaTeX_Main-Regular.woff2")
        #expect(font.status == 200)
        #expect(font.contentType == "font/woff2")

        for path in [
            "/app/katex/../secret.txt", "/app/katex/%2e%2e/secret.txt", "/app/katex/fonts/%2E%2E/%2E%2E/secret.txt",
            "/app/katex/..%2fsecret.txt", "/app/katexx/secret.txt", "/app/../secret.txt",
        ] {
            let reply = try await server.call(.GET, path)
            #expect(reply.status == 400 || reply.status == 404, "\(path): \(reply.status)")
            #expect(reply.contentType == "application/problem+json", "\(path)")
            #expect(!reply.text.contains("top secret"), "\(path)")
        }
        #expect(await server.stop() == 0)
    }

    @Test("the built-in copy is webapp/ as committed")
    func embeddedCopyIsCurrent() async throws {
        let script = ServiceFixture.repositoryRoot.appendingPathComponent("scripts/embed-webapp.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--check"]
        _ = try await process.runToExit()
        #expect(process.terminationStatus == 0, "run python3 scripts/embed-webapp.py after editing webapp/")
    }

    /// The app's files are not API routes: none is under /v1, none is in ServiceRoutes, none in the OpenAPI
    /// document; the route-coverage test leaves them out on purpose (docs/api.md).
    @Test("the web app's paths are outside the API and its document")
    func outsideTheAPI() throws {
        let store = try Store(path: ":memory:", now: .system)
        let environment = ServiceEnvironment(
            store: store, settings: ServiceSettings(), gamifier: Gamifier(random: RandomSource(seed: 1)),
            metrics: ServiceMetrics(), random: RandomSource(seed: 2))
        let apiPaths = Set(ServiceRoutes.all(environment).map(\.path))
        let documented = Set(
            (try OpenAPIConformanceTests.document()["paths"] as? [String: Any] ?? [:]).keys)
        let appPaths = WebAppRoutes.paths
        #expect(appPaths.contains("/") && appPaths.contains("/app/js/main.js"))
        for path in appPaths {
            #expect(path == "/" || path.hasPrefix("/app/"), "\(path)")
            #expect(!apiPaths.contains(path) && !documented.contains(path), "\(path)")
        }
        #expect(!documented.contains { $0 == "/" || $0.hasPrefix("/app/") })
    }
}
