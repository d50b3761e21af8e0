import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

extension HTTPClientTransport {
    /// Runs `operation` and turns whatever AsyncHTTPClient or SwiftNIO throws into a ``TransportError``.
    static func mappingErrors<T: Sendable>(
        timeoutSeconds: Int, limit: Int, _ operation: () async throws -> T
    ) async throws(TransportError) -> T {
        do {
            return try await operation()
        } catch let error as TransportError {
            throw error
        } catch {
            throw transportError(error, timeoutSeconds: timeoutSeconds, limit: limit)
        }
    }

    /// Maps one error. The detail names the error's kind, never its text: NIO and AsyncHTTPClient errors can quote
    /// the URL or header values, and a URL can carry a key in its query string (Gemini's `?key=`).
    static func transportError(_ error: any Error, timeoutSeconds: Int, limit: Int) -> TransportError {
        switch error {
        case is CancellationError:
            return .cancelled
        case is NIOTooManyBytesError:
            return .responseTooLarge(limitBytes: limit)
        case let error as NIOHTTPDecompression.DecompressionError:
            return error == .limit
                ? .responseTooLarge(limitBytes: limit) : .connectionLost("could not decompress the body")
        case is NIOHTTPDecompression.ExtraDecompressionError:
            return .connectionLost("could not decompress the body")
        case let error as HTTPClientError:
            return mapped(error, timeoutSeconds: timeoutSeconds)
        case is HTTPParserError:
            return .connectionLost("malformed HTTP response")
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first { return .connectionFailed(connectReason(first.error)) }
            return .connectionFailed(error.dnsAError != nil || error.dnsAAAAError != nil ? "host not found" : "failed")
        case is IOError, is ChannelError, is SocketAddressError, is SocketAddressError.UnknownHost:
            return .connectionFailed(connectReason(error))
        default:
            if isTLSError(error) { return .connectionFailed("TLS failure") }
            return .other(String(describing: type(of: error)))
        }
    }

    /// Why a connection could not be made, in plain words ("connection refused", "timed out", "host not found",
    /// "TLS failure"), never the error's text (see ``transportError(_:timeoutSeconds:limit:)``).
    static func connectReason(_ error: any Error) -> String {
        switch error {
        case let error as IOError: return reason(errno: error.errnoCode)
        case let error as ChannelError:
            if case .connectTimeout = error { return "timed out" }
            return "failed"
        case is SocketAddressError, is SocketAddressError.UnknownHost: return "host not found"
        case let error as NIOConnectionError:
            return error.connectionErrors.first.map { connectReason($0.error) } ?? "host not found"
        default: return isTLSError(error) ? "TLS failure" : "failed"
        }
    }

    /// A connect error's `errno` in words.
    static func reason(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ETIMEDOUT: "timed out"
        case EHOSTUNREACH: "host unreachable"
        case ENETUNREACH: "network unreachable"
        case ECONNRESET: "connection reset"
        case EADDRNOTAVAIL: "address not available"
        case EACCES, EPERM: "not permitted (a firewall?)"
        default: String(cString: strerror(code))
        }
    }

    /// Whether `error` comes from the TLS layer (NIOSSL's errors, which FCGenerator does not import by name).
    private static func isTLSError(_ error: any Error) -> Bool {
        let name = String(reflecting: type(of: error))
        return name.hasPrefix("NIOSSL.") || name.contains("BoringSSL") || name.contains("TLS")
    }

    private static func mapped(_ error: HTTPClientError, timeoutSeconds: Int) -> TransportError {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
            return .timedOut(seconds: timeoutSeconds)
        case .connectTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return .connectionFailed("timed out")
        case .tlsHandshakeTimeout:
            return .connectionFailed("TLS handshake timed out")
        case .cancelled, .requestStreamCancelled:
            return .cancelled
        case .remoteConnectionClosed, .uncleanShutdown, .bodyLengthMismatch:
            return .connectionLost("the server closed the connection")
        case .invalidURL, .emptyHost, .emptyScheme:
            return .connectionFailed("invalid URL")
        case .alreadyShutdown:
            return .other("the HTTP client is shut down")
        default:
            return .other("HTTP client error")
        }
    }
}
