import AsyncHTTPClient
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
        case is NIOConnectionError, is IOError, is ChannelError:
            return .connectionFailed(String(describing: type(of: error)))
        default:
            return .other(String(describing: type(of: error)))
        }
    }

    private static func mapped(_ error: HTTPClientError, timeoutSeconds: Int) -> TransportError {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
            return .timedOut(seconds: timeoutSeconds)
        case .connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return .connectionFailed("connect timed out")
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
