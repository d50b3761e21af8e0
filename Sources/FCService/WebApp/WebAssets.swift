import Crypto
import Foundation

/// The web app's files: `webapp/`, compiled in at build time (the EmbedFiles plugin), keyed by URL path: `/` is
/// `index.html`, `/sw.js` the service worker (with the shell it keeps offline filled in), everything else is under
/// `/app/`.
enum WebAssets {
    /// The media type of each kind of file the app is made of.
    static let contentTypes = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "webmanifest": "application/manifest+json",
    ]

    static let files: [String: WebAsset] = {
        var files = Dictionary(
            uniqueKeysWithValues: EmbeddedWebApp.files.map { path, text in
                (urlPath(of: path), asset(path: path, text: text))
            })
        if let worker = files[serviceWorkerPath] {
            files[serviceWorkerPath] = asset(
                path: "sw.js", text: shellWorker(worker.text, shell: files.filter { $0.key != serviceWorkerPath }))
        }
        return files
    }()

    /// The service worker's URL: at the root, so that its scope is the whole app (`/` and `/app/`).
    static let serviceWorkerPath = "/sw.js"

    /// Where a file of `webapp/` is served: `index.html` at `/`, the service worker at ``serviceWorkerPath``, every
    /// other file under `/app/`.
    static func urlPath(of path: String) -> String {
        switch path {
        case "index.html": "/"
        case "sw.js": serviceWorkerPath
        default: "/app/" + path
        }
    }

    /// `sw.js` with the shell it keeps offline: every other file's URL path, and a version that changes with any of
    /// them (a digest of their ETags), so a new fcgen replaces the cached shell.
    static func shellWorker(_ text: String, shell: [String: WebAsset]) -> String {
        let paths = shell.keys.sorted()
        let list = "[" + paths.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let version = hex(SHA256.hash(data: Array(paths.map { $0 + (shell[$0]?.etag ?? "") }.joined().utf8)))
        return text.replacingOccurrences(of: "__FCGEN_SHELL__", with: list)
            .replacingOccurrences(of: "__FCGEN_VERSION__", with: String(version.prefix(16)))
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// A file with its type (from its extension; `application/octet-stream` for any other, which a test refuses)
    /// and a strong ETag: the first 16 hex digits of its SHA-256.
    static func asset(path: String, text: String) -> WebAsset {
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        let digest = hex(SHA256.hash(data: Array(text.utf8)))
        return WebAsset(
            contentType: contentTypes[fileExtension] ?? "application/octet-stream",
            etag: "\"\(digest.prefix(16))\"", text: text)
    }
}
