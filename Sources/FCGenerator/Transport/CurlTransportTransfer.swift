import CCurl
import Foundation

/// One request's libcurl easy handle, the response it collects, and the continuation waiting for it.
///
/// `@unchecked Sendable` invariant: the sending task builds the transfer, then hands it to the curl thread through
/// ``CurlEngine``'s lock. From then on only the curl thread touches `easy`, `headerList`, `status`,
/// `responseHeaders` and `responseBody` (curl calls the write and header callbacks on the thread that drives the
/// multi handle). `continuation` and `isCancelled` are read and written only while holding the engine's lock.
final class CurlTransfer: @unchecked Sendable {
    typealias Continuation = CheckedContinuation<Result<LLMHTTPResponse, TransportError>, Never>

    /// The `CURL *`; nil once released.
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    let timeoutSeconds: Int
    private(set) var responseHeaders: [String: String] = [:]
    private(set) var responseBody = Data()

    /// Guarded by the engine's lock: the caller waiting for this transfer, until someone resumes it.
    var continuation: Continuation?
    /// Guarded by the engine's lock: the caller's task was cancelled.
    var isCancelled = false

    /// Builds and configures the easy handle for `request`.
    /// - Throws: ``TransportError/other(_:)`` when libcurl refuses the request (bad URL, header with a line break).
    init(request: LLMHTTPRequest, connectTimeoutSeconds: Int) throws(TransportError) {
        guard let easy = curl_easy_init() else { throw .other("libcurl: could not create an easy handle") }
        self.easy = easy
        // curl treats a timeout of 0 as "never"; the protocol promises a bound, so one second is the least we use.
        timeoutSeconds = max(1, request.timeoutSeconds)
        try configure(request, connectTimeoutSeconds: connectTimeoutSeconds)
    }

    deinit { release() }

    /// Frees the easy handle and header list. Called on the curl thread after the handle left the multi handle,
    /// or by `deinit` for a transfer that never reached it.
    func release() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        curl_slist_free_all(headerList)
        headerList = nil
    }

    /// The finished transfer's outcome: a response for `CURLE_OK` whatever the HTTP status, else the mapped error.
    func result(for code: CURLcode) -> Result<LLMHTTPResponse, TransportError> {
        guard code == CURLE_OK else { return .failure(TransportError(curlCode: code, timeoutSeconds: timeoutSeconds)) }
        var status = 0
        if let easy { _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status) }
        return .success(LLMHTTPResponse(status: status, headers: responseHeaders, body: responseBody))
    }

    private func configure(_ request: LLMHTTPRequest, connectTimeoutSeconds: Int) throws(TransportError) {
        try set(CURLOPT_URL, request.url.absoluteString)
        // Only HTTP(S): a provider URL from a config file must not reach file:// or other schemes.
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        // Signals are process-wide and our thread is not the main one; curl's docs require this with threads.
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_TIMEOUT, timeoutSeconds)
        try set(CURLOPT_CONNECTTIMEOUT, max(1, min(connectTimeoutSeconds, timeoutSeconds)))
        // Long LLM waits on an idle connection: keep NAT tables and proxies from dropping it.
        try set(CURLOPT_TCP_KEEPALIVE, 1)
        // An empty string offers every encoding this libcurl decodes, and curl inflates the body for us.
        try set(CURLOPT_ACCEPT_ENCODING, "")
        // Redirects are not followed: curl would resend custom headers (x-api-key, x-goog-api-key) to the new host.
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try setMethodAndBody(request)
        try setHeaders(request.headers)
        let me = Unmanaged.passUnretained(self).toOpaque()
        try check(ccurl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback))
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, me))
        try check(ccurl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, me))
    }

    private func setMethodAndBody(_ request: LLMHTTPRequest) throws(TransportError) {
        let method = request.method.uppercased()
        if method == "POST" || !request.body.isEmpty {
            // COPYPOSTFIELDS copies the bytes, so the Data need not outlive this call; the size goes first so
            // binary bodies with NUL bytes are sent whole.
            try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
            var placeholder: UInt8 = 0
            let code = request.body.withUnsafeBytes { bytes in
                // An empty body still needs a valid pointer: with NULL, curl would read the body from a callback.
                guard let base = bytes.baseAddress else {
                    return ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, &placeholder)
                }
                return ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            try check(code)
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, method) }
        } else if method == "GET" {
            try set(CURLOPT_HTTPGET, 1)
        } else if method == "HEAD" {
            try set(CURLOPT_NOBODY, 1)
        } else {
            try set(CURLOPT_CUSTOMREQUEST, method)
        }
    }

    private func setHeaders(_ headers: [String: String]) throws(TransportError) {
        var hasExpect = false
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            // A line break would let a value smuggle in another header (or a second request).
            guard !(name + value).contains(where: \.isNewline) else {
                throw .other("header \(name.filter { !$0.isNewline }) contains a line break")
            }
            hasExpect = hasExpect || name.lowercased() == "expect"
            // "Name;" is curl's spelling for a header with an empty value; "Name:" would remove the header.
            appendHeader(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // curl sends "Expect: 100-continue" before larger POST bodies and waits for the server's go-ahead:
        // one more round trip per request for nothing. An empty "Expect:" switches that off.
        if !hasExpect { appendHeader("Expect:") }
        try check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
    }

    private func appendHeader(_ line: String) {
        headerList = curl_slist_append(headerList, line)
    }

    /// Called by curl (on the curl thread) for each chunk of the body.
    fileprivate func appendBody(_ bytes: UnsafeRawBufferPointer) {
        responseBody.append(contentsOf: bytes)
    }

    /// Called by curl (on the curl thread) for each header line, status lines included.
    fileprivate func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new status line (after 100 Continue, or a redirect): only the final response's headers count.
            responseHeaders = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        // Repeated headers fold into one comma-separated value, as RFC 9110 §5.3 allows.
        if let existing = responseHeaders[name] {
            responseHeaders[name] = existing + ", " + value
        } else {
            responseHeaders[name] = value
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(TransportError) {
        try check(ccurl_easy_setopt_long(easy, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(TransportError) {
        // curl copies string options (CURLOPT_POSTFIELDS excepted), so a temporary C string is enough.
        try check(ccurl_easy_setopt_string(easy, option, value))
    }

    private func check(_ code: CURLcode) throws(TransportError) {
        guard code == CURLE_OK else {
            throw .other("libcurl rejected the request: \(TransportError.curlDescription(code))")
        }
    }
}

/// CURLOPT_WRITEFUNCTION: `userdata` is the unretained transfer, kept alive by the engine while curl runs it.
private func curlWriteCallback(
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ count: Int,
    _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    guard let buffer, let userdata else { return length }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    transfer.appendBody(UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}

/// CURLOPT_HEADERFUNCTION: curl passes one complete header line per call.
private func curlHeaderCallback(
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ count: Int,
    _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    guard let buffer, let userdata else { return length }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}
