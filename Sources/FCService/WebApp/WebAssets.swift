import Crypto

/// The web app's files: `webapp/`, compiled in at build time (the EmbedFiles plugin), keyed by URL path: `/` is
/// `index.html`, everything else is under `/app/`.
enum WebAssets {
    /// The media type of each kind of file the app is made of.
    static let contentTypes = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
    ]

    static let files: [String: WebAsset] = Dictionary(
        uniqueKeysWithValues: EmbeddedWebApp.files.map { path, text in
            (path == "index.html" ? "/" : "/app/" + path, asset(path: path, text: text))
        })

    /// A file with its type (from its extension; `application/octet-stream` for any other, which a test refuses)
    /// and a strong ETag: the first 16 hex digits of its SHA-256.
    static func asset(path: String, text: String) -> WebAsset {
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        let digest = SHA256.hash(data: Array(text.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        return WebAsset(
            contentType: contentTypes[fileExtension] ?? "application/octet-stream",
            etag: "\"\(digest.prefix(16))\"", text: text)
    }
}
