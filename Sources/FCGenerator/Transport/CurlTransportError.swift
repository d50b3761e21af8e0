import CCurl

extension TransportError {
    /// Maps a libcurl result code to the transport's error.
    ///
    /// The detail is `curl_easy_strerror`'s fixed text, never curl's error buffer: that buffer can quote the URL,
    /// and a URL can carry a key in its query string (Gemini's `?key=`).
    /// - Parameters:
    ///   - code: What `curl_multi_info_read` reported for the finished transfer (never `CURLE_OK`).
    ///   - timeoutSeconds: The request's timeout, for `.timedOut`.
    init(curlCode code: CURLcode, timeoutSeconds: Int) {
        let detail = Self.curlDescription(code)
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            // curl reports both the connect timeout and the whole-transfer timeout with this code.
            self = .timedOut(seconds: timeoutSeconds)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SSL_CONNECT_ERROR,
            CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
            self = .connectionFailed(detail)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            self = .connectionLost(detail)
        default:
            self = .other("libcurl: \(detail)")
        }
    }

    /// curl's static description of `code`, with the number so a log line can be looked up.
    static func curlDescription(_ code: CURLcode) -> String {
        guard let text = curl_easy_strerror(code) else { return "curl error \(code.rawValue)" }
        return "\(String(cString: text)) (curl error \(code.rawValue))"
    }
}
