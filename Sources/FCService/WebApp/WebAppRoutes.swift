import Foundation
import HTTPTypes
package import Hummingbird
import Logging
import NIOCore

/// The study web app: `GET /` and its files under `/app/`, compiled into the binary (``WebAssets``), and KaTeX
/// from the system's folder under `/app/katex/` when it is installed.
///
/// These are not API routes: they take no token (the app signs in with one, against `/v1`), are not in
/// ``ServiceRoutes`` and not in `docs/openapi.json`. Each embedded file is one exact route, so an unknown path is
/// the router's 404 problem and no path ever reaches the file system except KaTeX's, which Hummingbird's
/// `FileMiddleware` serves through ``KatexMiddleware``: plain names of KaTeX's file types only, never a directory
/// (no redirect), never through a symlink out of the folder, with the app's security headers.
package enum WebAppRoutes {
    /// What every page and file of the app is sent with: scripts and styles from this origin only (no inline
    /// script can run, so injected text cannot act), no framing, no sniffing, no referrer.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "no-referrer",
    ]

    /// The URL paths of the embedded files (`/` and `/app/…`).
    package static var paths: [String] { WebAssets.files.keys.sorted() }

    /// Each embedded file's media type, by URL path.
    package static var contentTypes: [String: String] { WebAssets.files.mapValues(\.contentType) }

    /// Adds the app's routes to `router`, then KaTeX's folder for requests no route answers; call it after every
    /// other route, because a router's middleware applies only to the routes added after it (and to its 404).
    package static func register(on router: Router<ServiceRequestContext>, settings: WebAppSettings) {
        let katex = settings.katexDirectory.flatMap { folder in
            FileManager.default.fileExists(atPath: folder + "/katex.min.js")
                ? KatexMiddleware(folder: folder, logger: quietLogger) : nil
        }
        for (path, asset) in WebAssets.files {
            let served = path == "/" && katex != nil ? withKatex(asset) : asset
            router.get(RouterPath(path)) { request, _ in response(for: served, request: request) }
        }
        if let katex { router.add(middleware: katex) }
    }

    /// The file reader's own logger: its one info line ("Serving files from …") is not a request line.
    static var quietLogger: Logger {
        var logger = Logger(label: "fcgen-serve-katex")
        logger.logLevel = .warning
        return logger
    }

    /// `index.html` telling the app that KaTeX is there (its ETag changes with it).
    static func withKatex(_ asset: WebAsset) -> WebAsset {
        WebAsset(
            contentType: asset.contentType, etag: String(asset.etag.dropLast()) + "-katex\"",
            text: asset.text.replacingOccurrences(of: #"data-katex="off""#, with: #"data-katex="on""#))
    }

    /// The file, or `304 Not Modified` when the browser's copy is current. `no-cache`: the browser keeps its copy
    /// but asks each time, so a new fcgen is picked up at once (the paths carry no version to bust caches with).
    static func response(for asset: WebAsset, request: Request) -> Response {
        var headers = securityHeaders
        headers[.eTag] = asset.etag
        headers[.cacheControl] = "no-cache"
        let known = request.headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if known.contains(asset.etag) || known.contains("*") {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: asset.text)))
    }
}

extension HTTPField.Name {
    /// Whether a request says where it came from.
    // swift-format-ignore: NeverForceUnwrap
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
