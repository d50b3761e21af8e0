package import Foundation

extension URL {
    /// A URL written in the source code. An invalid one is a programmer bug, caught by the first test that runs.
    package static func constant(_ string: StaticString) -> URL {
        guard let url = URL(string: "\(string)") else { preconditionFailure("invalid URL constant \(string)") }
        return url
    }

    /// `self` with `path` appended after exactly one slash, keeping characters such as `:` that
    /// `appendingPathComponent` would percent-encode (Gemini's `models/{model}:generateContent`).
    package func appendingRawPath(_ path: String) -> URL {
        var base = absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let suffix = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return URL(string: base + "/" + suffix) ?? self
    }

    /// This URL as text without any user name or password, safe to show in messages.
    package var redactedDescription: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return "<url>" }
        components.user = nil
        components.password = nil
        components.query = nil
        return components.string ?? "<url>"
    }
}
