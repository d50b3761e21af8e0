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
@Suite("the service: the web app's files (in process)")
struct WebAppTests {
    @Test("/ and /app/… come from the binary with CSP, ETag and no-cache; 304 on a match; unknown is 404")
    func embeddedFiles() async throws {
        // No KaTeX (`--katex-dir ""`): the files come from the binary, nothing beside it is needed.
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.serve { server in
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
        }
    }

    @Test("KaTeX is served from its folder when it has katex.min.js; nothing above the folder is reachable")
    func katexFolder() async throws {
        let base = try await ServiceUnderTest(seeded: false)
        let katex = base.directory.appendingPathComponent("katex")
        try FileManager.default.createDirectory(
            at: katex.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try "window.katex = {};\n".write(
            to: katex.appendingPathComponent("katex.min.js"), atomically: true, encoding: .utf8)
        try Data([0x77, 0x4F, 0x46, 0x32]).write(to: katex.appendingPathComponent("fonts/KaTeX_Main-Regular.woff2"))
        try "top secret\n".write(
            to: base.directory.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let fixture = base.with { $0.webApp = WebAppSettings(katexDirectory: katex.path) }
        try await fixture.serve { server in

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
        }
    }

    @Test("KaTeX: a symlink out, a control character, a directory, an unknown type are 404 problems; files are typed")
    func katexFilesAreTheFilesMeant() async throws {
        let base = try await ServiceUnderTest(seeded: false)
        let manager = FileManager.default
        let katex = base.directory.appendingPathComponent("katex")
        try manager.createDirectory(at: katex.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try manager.createDirectory(at: katex.appendingPathComponent("contrib"), withIntermediateDirectories: true)
        try manager.createDirectory(
            at: base.directory.appendingPathComponent("outside"), withIntermediateDirectories: true)
        func write(_ text: String, _ path: String, in folder: URL) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path))
        }
        try write("window.katex = {};\n", "katex.min.js", in: katex)
        try write(".katex { font: 1em KaTeX_Main; }\n", "katex.min.css", in: katex)
        try write("wOF2", "fonts/KaTeX_Main-Regular.woff2", in: katex)
        try write("renderMathInElement();\n", "contrib/auto-render.js", in: katex)
        try write("notes\n", "README.txt", in: katex)
        try write("hidden();\n", ".hidden.js", in: katex)
        try write("top secret\n", "secret.js", in: base.directory)
        try write("top secret\n", "outside/secret.js", in: base.directory)
        try write("top secret\n", "secret.woff2", in: base.directory)
        // Links inside the folder are followed; links out of it, to a file or a folder, are not.
        try manager.createSymbolicLink(
            atPath: katex.appendingPathComponent("alias.js").path, withDestinationPath: "contrib/auto-render.js")
        try manager.createSymbolicLink(
            atPath: katex.appendingPathComponent("leak.js").path, withDestinationPath: "../secret.js")
        try manager.createSymbolicLink(
            atPath: katex.appendingPathComponent("fonts/leak.woff2").path, withDestinationPath: "../../secret.woff2")
        try manager.createSymbolicLink(
            atPath: katex.appendingPathComponent("linked").path, withDestinationPath: "../outside")
        let fixture = base.with { $0.webApp = WebAppSettings(katexDirectory: katex.path) }
        try await fixture.serve { server in
            let policy = try #require(try await server.call(.GET, "/").headers.first(name: "Content-Security-Policy"))

            let served = [
                "/app/katex/katex.min.js": ("text/javascript; charset=utf-8", "window.katex = {};\n"),
                "/app/katex/katex.min.css": ("text/css; charset=utf-8", ".katex { font: 1em KaTeX_Main; }\n"),
                "/app/katex/fonts/KaTeX_Main-Regular.woff2": ("font/woff2", "wOF2"),
                "/app/katex/contrib/auto-render.js": ("text/javascript; charset=utf-8", "renderMathInElement();\n"),
                "/app/katex/alias.js": ("text/javascript; charset=utf-8", "renderMathInElement();\n"),
            ]
            for (path, (type, text)) in served {
                let reply = try await server.call(.GET, path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.text == text, "\(path)")
                #expect(reply.contentType == type, "\(path)")
                #expect(reply.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(reply.headers.first(name: "Content-Security-Policy") == policy, "\(path)")
                #expect(reply.headers.first(name: "Referrer-Policy") == "no-referrer", "\(path)")
                #expect(reply.headers.first(name: "Cache-Control") == "public, max-age=86400", "\(path)")
            }
            let script = try await server.call(.GET, "/app/katex/katex.min.js")
            let etag = try #require(script.headers.first(name: "ETag"))
            let cached = try await server.call(.GET, "/app/katex/katex.min.js", headers: [("If-None-Match", etag)])
            #expect(cached.status == 304 && cached.text.isEmpty)
            #expect(cached.headers.first(name: "X-Content-Type-Options") == "nosniff")
            let head = try await server.call(.HEAD, "/app/katex/katex.min.js")
            #expect(head.status == 200 && head.text.isEmpty && head.contentType == "text/javascript; charset=utf-8")
            #expect(head.headers.first(name: "X-Content-Type-Options") == "nosniff")

            for path in [
                // Symlinks out of the folder: to a file, to a font file, through a linked folder.
                "/app/katex/leak.js", "/app/katex/fonts/leak.woff2", "/app/katex/linked/secret.js",
                // Encoded NUL and other control characters, and a space.
                "/app/katex/katex.min.js%00.png", "/app/katex/katex.min.js%00", "/app/katex/katex%0a.min.js",
                "/app/katex/katex.min.js%0d%0aX-Injected:%201", "/app/katex/%01katex.min.js",
                "/app/katex/katex.min.js%7f",
                "/app/katex/katex.min%20.js", "/app/katex/katex.min.js%C2%85",
                // Directories are never served and never redirected (not to /fonts/, not to /app/katex/fonts/).
                "/app/katex/fonts", "/app/katex/fonts/", "/app/katex/contrib", "/app/katex/", "/app/katex",
                // Types KaTeX has not, hidden files, empty components.
                "/app/katex/README.txt", "/app/katex/.hidden.js", "/app/katex//katex.min.js", "/app/katex/katex.min.JS",
            ] {
                let reply = try await server.call(.GET, path)
                #expect(reply.status == 404, "\(path): \(reply.status)")
                #expect(reply.contentType == "application/problem+json", "\(path)")
                #expect(reply.headers.first(name: "Location") == nil, "\(path)")
                #expect(!reply.text.contains("top secret") && !reply.text.contains("window.katex"), "\(path)")
            }
        }
    }

    @Test("KaTeX in Debian's layout: katex.min.js a link inside, fonts/ a link to fonts-katex's folder, fonts only")
    func katexDebianLayout() async throws {
        let base = try await ServiceUnderTest(seeded: false)
        let manager = FileManager.default
        let javascript = base.directory.appendingPathComponent("javascript/katex")
        let fonts = base.directory.appendingPathComponent("fonts/truetype/katex")
        try manager.createDirectory(at: javascript, withIntermediateDirectories: true)
        try manager.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Data("window.katex = {};\n".utf8).write(to: javascript.appendingPathComponent("katex.js"))
        try manager.createSymbolicLink(
            atPath: javascript.appendingPathComponent("katex.min.js").path, withDestinationPath: "katex.js")
        try manager.createSymbolicLink(
            atPath: javascript.appendingPathComponent("fonts").path, withDestinationPath: "../../fonts/truetype/katex")
        try Data("wOF2".utf8).write(to: fonts.appendingPathComponent("KaTeX_AMS-Regular.woff2"))
        try Data("ttf".utf8).write(to: fonts.appendingPathComponent("KaTeX_AMS-Regular.ttf"))
        try Data("top secret\n".utf8).write(to: fonts.appendingPathComponent("secret.js"))
        try Data("top secret\n".utf8).write(to: base.directory.appendingPathComponent("fonts/secret.woff"))
        try manager.createSymbolicLink(
            atPath: fonts.appendingPathComponent("leak.woff").path, withDestinationPath: "../../secret.woff")
        let fixture = base.with { $0.webApp = WebAppSettings(katexDirectory: javascript.path) }
        try await fixture.serve { server in

            let script = try await server.call(.GET, "/app/katex/katex.min.js")
            #expect(script.status == 200 && script.text == "window.katex = {};\n")
            let woff2 = try await server.call(.GET, "/app/katex/fonts/KaTeX_AMS-Regular.woff2")
            #expect(woff2.status == 200 && woff2.text == "wOF2" && woff2.contentType == "font/woff2")
            #expect(woff2.headers.first(name: "X-Content-Type-Options") == "nosniff")
            let ttf = try await server.call(.GET, "/app/katex/fonts/KaTeX_AMS-Regular.ttf")
            #expect(ttf.status == 200 && ttf.contentType == "font/ttf")
            // From the linked fonts folder only fonts, and only those inside it.
            for path in ["/app/katex/fonts/secret.js", "/app/katex/fonts/leak.woff"] {
                let reply = try await server.call(.GET, path)
                #expect(reply.status == 404 && reply.contentType == "application/problem+json", "\(path)")
                #expect(!reply.text.contains("top secret"), "\(path)")
            }
        }
    }

    @Test("every file of webapp/ is compiled in, at its path and with a known media type")
    func everyFileIsCompiledIn() throws {
        let folder = Repository.root.appendingPathComponent("webapp")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue && path != "README.md"
        }
        let expected = Set(files.map { $0 == "index.html" ? "/" : $0 == "sw.js" ? "/sw.js" : "/app/" + $0 })
        #expect(expected.count >= 20)
        #expect(Set(WebAppRoutes.paths) == expected)
        for (path, type) in WebAppRoutes.contentTypes {
            #expect(type != "application/octet-stream", "\(path): add its type to WebAssets.contentTypes")
        }
    }

    /// The app's files are not API routes: none is under /v1, none is in ServiceRoutes, none in the OpenAPI
    /// document; the route-coverage test leaves them out on purpose (docs/api.md).
    @Test("installable: the manifest names the app, its start, scope and icon; /sw.js keeps every other file offline")
    func installableShell() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.serve { server in
            let index = try await server.call(.GET, "/")
            #expect(index.text.contains(#"<link rel="manifest" href="/app/manifest.webmanifest">"#))
            let manifest = try await server.call(.GET, "/app/manifest.webmanifest")
            #expect(manifest.status == 200 && manifest.contentType == "application/manifest+json")
            let members = manifest.json
            #expect(members["display"] as? String == "standalone" && members["scope"] as? String == "/")
            #expect((members["start_url"] as? String)?.hasPrefix("/") == true && members["short_name"] != nil)
            let icons = try #require(members["icons"] as? [[String: Any]], "\(manifest.text)")
            for icon in icons {
                let source = try #require(icon["src"] as? String)
                let served = try await server.call(.GET, source)
                #expect(served.status == 200 && served.contentType == icon["type"] as? String, "\(source)")
            }

            let worker = try await server.call(.GET, "/sw.js")
            #expect(worker.status == 200 && worker.contentType == "text/javascript; charset=utf-8")
            #expect(!worker.text.contains("__FCGEN_"), "every placeholder is filled in")
            let shell = WebAppRoutes.paths.filter { $0 != "/sw.js" }
            let listed = try #require(
                worker.text.split(separator: "\n").first { $0.hasPrefix("const SHELL = ") }, "\(worker.text)")
            let paths =
                try JSONSerialization.jsonObject(
                    with: Data(listed.dropFirst("const SHELL = ".count).dropLast().utf8)) as? [String]
            #expect(paths == shell, "the worker keeps every file of the app but itself")
            for path in paths ?? [] { #expect(try await server.call(.GET, path).status == 200, "\(path)") }
        }
    }

    @Test("the web app's paths are outside the API and its document")
    func outsideTheAPI() async throws {
        let store = try await Store.open(path: ":memory:", now: .system)
        let environment = ServiceEnvironment(
            store: store, settings: ServiceSettings(), gamifier: Gamifier(random: RandomSource(seed: 1)),
            metrics: ServiceMetrics(), random: RandomSource(seed: 2))
        let apiPaths = Set(ServiceRoutes.all(environment).map(\.path))
        let documented = Set(
            (try OpenAPIConformanceTests.document()["paths"] as? [String: Any] ?? [:]).keys)
        let appPaths = WebAppRoutes.paths
        #expect(appPaths.contains("/") && appPaths.contains("/app/js/main.js"))
        for path in appPaths {
            #expect(path == "/" || path == "/sw.js" || path.hasPrefix("/app/"), "\(path)")
            #expect(!apiPaths.contains(path) && !documented.contains(path), "\(path)")
        }
        #expect(!documented.contains { $0 == "/" || $0.hasPrefix("/app/") })
    }
}
