import FCCore
package import FCGenerator
package import FCStore
package import Foundation

/// An Unsplash-compatible image search: `GET {base}/search/photos?query=Q&per_page=1` with
/// `Authorization: Client-ID KEY`, then the first result's `urls.small`, credited to `user.name`
/// (`user.links.html`) with the photo's page `links.html`.
///
/// Unsplash's API guidelines ask every use of a photo to be reported at its `links.download_location`; that request
/// is sent after the download and its failure is ignored. The key goes only to the API's own host: the image file
/// is fetched without it, and a `download_location` on another host is not called.
package struct UnsplashImageResolver: ImageResolver {
    package let name = "unsplash"
    /// The default API root.
    package static let defaultBaseURL = URL.constant("https://api.unsplash.com")

    private let baseURL: URL
    private let accessKey: String
    private let transport: any LLMTransport
    private let maxBytes: Int
    private let timeoutSeconds: Int

    /// - Parameters:
    ///   - baseURL: The API root (`https://api.unsplash.com`; a loopback stub in tests).
    ///   - accessKey: The application's access key (`UNSPLASH_ACCESS_KEY`).
    ///   - maxBytes: The largest image accepted.
    ///   - timeoutSeconds: The whole of each request.
    package init(
        baseURL: URL = defaultBaseURL, accessKey: String, transport: any LLMTransport, maxBytes: Int,
        timeoutSeconds: Int = 20
    ) {
        self.baseURL = baseURL
        self.accessKey = accessKey
        self.transport = transport
        self.maxBytes = maxBytes
        self.timeoutSeconds = timeoutSeconds
    }

    package func resolve(_ query: String) async throws -> ResolvedImage? {
        let search = try await transport.send(
            LLMHTTPRequest(
                url: searchURL(query), method: "GET", headers: apiHeaders, body: Data(),
                timeoutSeconds: timeoutSeconds))
        guard search.status == 200 else { throw ImageResolverError.status(step: "the search", code: search.status) }
        guard let photo = try Self.firstPhoto(in: search.body) else { return nil }

        let download = try await transport.send(
            LLMHTTPRequest(url: photo.imageURL, method: "GET", body: Data(), timeoutSeconds: timeoutSeconds))
        guard download.status == 200 else {
            throw ImageResolverError.status(step: "the image download", code: download.status)
        }
        guard download.body.count <= maxBytes else {
            throw ImageResolverError.tooLarge(bytes: download.body.count, limit: maxBytes)
        }
        if let location = photo.downloadLocation, sameOrigin(location) {
            _ = try? await transport.send(
                LLMHTTPRequest(
                    url: location, method: "GET", headers: apiHeaders, body: Data(),
                    timeoutSeconds: timeoutSeconds))
        }
        return ResolvedImage(
            bytes: [UInt8](download.body), mimeType: download.headers["content-type"],
            credit: ImageCredit(
                provider: name, authorName: photo.authorName, authorURL: photo.authorURL, photoURL: photo.pageURL))
    }

    private var apiHeaders: [String: String] {
        ["Authorization": "Client-ID \(accessKey)", "Accept-Version": "v1", "Accept": "application/json"]
    }

    private func searchURL(_ query: String) -> URL {
        // Only unreserved ASCII stays as is: `+`, `&` and `=` in a query must not be read as syntax.
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = query.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return baseURL.appendingRawPath("search/photos?query=\(encoded)&per_page=1")
    }

    private func sameOrigin(_ url: URL) -> Bool {
        url.scheme == baseURL.scheme && url.host == baseURL.host && url.port == baseURL.port
    }

    /// The fields of a search reply's first result.
    struct Photo: Equatable {
        var imageURL: URL
        var authorName: String
        var authorURL: String?
        var pageURL: String?
        var downloadLocation: URL?
    }

    /// The first result of a search reply; `nil` when it has none.
    /// - Throws: ``ImageResolverError/unreadableReply(_:)`` when the reply is no search result.
    static func firstPhoto(in body: Data) throws -> Photo? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw ImageResolverError.unreadableReply("not a JSON object (\(body.count) bytes)")
        }
        guard let results = object["results"] as? [Any] else {
            throw ImageResolverError.unreadableReply("no results array")
        }
        guard let first = results.first else { return nil }
        guard let photo = first as? [String: Any] else {
            throw ImageResolverError.unreadableReply("a result is no object")
        }
        guard let small = (photo["urls"] as? [String: Any])?["small"] as? String, let imageURL = webURL(small) else {
            throw ImageResolverError.unreadableReply("the first result has no http(s) urls.small")
        }
        let user = photo["user"] as? [String: Any]
        let userLinks = user?["links"] as? [String: Any]
        let links = photo["links"] as? [String: Any]
        let author = (user?["name"] as? String).map(Self.plain) ?? ""
        return Photo(
            imageURL: imageURL,
            authorName: author.isEmpty ? "unknown" : author,
            authorURL: (userLinks?["html"] as? String).flatMap(webURL)?.absoluteString,
            pageURL: (links?["html"] as? String).flatMap(webURL)?.absoluteString,
            downloadLocation: (links?["download_location"] as? String).flatMap(webURL))
    }

    /// `text` as an http or https URL; `nil` for any other scheme.
    private static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// A name without control characters, at most 200 characters.
    private static func plain(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !ControlCharacters.contains($0) })
        return String(String(scalars).trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
    }
}
