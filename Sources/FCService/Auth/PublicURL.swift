package import Foundation

/// The address learners reach the server at (`fcgen serve --public-url https://cards.example.org`): behind a
/// TLS-terminating proxy the server itself sees plain HTTP, so only the operator can say the page is https.
package struct PublicURL: Sendable, Hashable, CustomStringConvertible {
    /// `https://cards.example.org` or `http://192.168.1.20:8080`: scheme, host and port, lowercased, no path.
    package let origin: String
    /// Whether learners reach it over https (the session cookie is then `Secure`).
    package let isHTTPS: Bool
    /// The origin and the path it was given with, without a trailing `/`: where invite links point.
    package let description: String

    /// `nil` unless `text` is an absolute `http` or `https` URL with a host and no user, query or fragment.
    package init?(_ text: String) {
        guard text.count <= 2_000, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty, components.user == nil,
            components.password == nil, components.query == nil, components.fragment == nil
        else { return nil }
        // A browser's `Origin` leaves the scheme's own port out.
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        origin = "\(scheme)://\(host)\(port)"
        isHTTPS = scheme == "https"
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        description = origin + path
    }
}
