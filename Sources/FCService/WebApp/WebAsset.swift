/// One file of the web app, compiled into the binary (``WebAssets``).
struct WebAsset: Sendable {
    /// The `Content-Type` it is served with.
    let contentType: String
    /// A strong validator from its content's SHA-256, so a browser revalidates instead of downloading again.
    let etag: String
    /// The file's text.
    let text: String
}
