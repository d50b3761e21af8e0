import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Synchronization

/// What every connection's ``ConnectionGuard`` shares: how many connections are open, and the limits.
package final class ConnectionLimits: Sendable {
    /// Connections beyond this many get a 503 problem to their first request, then are closed.
    package let maxConnections: Int
    /// How long a request's head may take to arrive once its first byte has.
    package let headerTimeout: Duration
    private let open = Atomic<Int>(0)

    package init(maxConnections: Int, headerTimeout: Duration) {
        self.maxConnections = maxConnections
        self.headerTimeout = headerTimeout
    }

    /// The connections open now.
    package var openConnections: Int { open.load(ordering: .relaxed) }

    /// Counts a new connection; `false` when it is one too many (it still counts until ``closed()``).
    func opened() -> Bool {
        open.wrappingAdd(1, ordering: .relaxed).newValue <= maxConnections
    }

    func closed() {
        open.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// Guards one HTTP/1 connection below the router, where no route can: a head that takes longer than
/// `--header-timeout` to arrive (a slow-loris client) is answered 408 and closed; a connection beyond
/// `--max-connections` is answered 503 and closed; a request the HTTP parser refuses (a 100 KB URL, a malformed
/// request line) gets a problem document instead of the parser's empty 400. Each answer is
/// `application/problem+json` with `Connection: close`.
///
/// It sits after Hummingbird's HTTP/1 codec (``HTTPRequestPart`` in, ``HTTPResponsePart`` out) and puts a small
/// ``FirstByteWatcher`` in front of the parser, which tells it when the bytes of a new request begin. Keep-alive
/// connections that stay idle between requests are Hummingbird's `idleTimeout` (``ServiceSettings/idleTimeout``).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Where the connection is between its requests.
    enum State {
        /// Waiting for a request's first byte (a new connection, or the last response is written).
        case idle
        /// A request's bytes have begun; its head has not been parsed yet.
        case readingHead
        /// A head went up to the application; its response is not finished.
        case inRequest
        /// Answered here and closing: whatever still arrives is dropped.
        case closing
    }

    private let limits: ConnectionLimits
    private let logger: Logger
    private var state = State.idle
    private var admitted = true
    private var counted = false
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(limits: ConnectionLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        counted = true
        admitted = limits.opened()
        let watcher = FirstByteWatcher { [weak self] in self?.requestBegan() }
        do {
            try context.pipeline.syncOperations.addHandler(watcher, position: .first)
        } catch {
            logger.warning("connection guard: the first-byte watcher could not be added: \(error)")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        self.context = nil
        if counted {
            counted = false
            limits.closed()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch state {
        case .closing:
            return
        case .idle, .readingHead:
            guard case .head = part else { break }
            deadline?.cancel()
            deadline = nil
            guard admitted else {
                var problem = Problem(
                    .busy, detail: "the server holds \(limits.maxConnections) connections, its most; retry shortly")
                problem.headers[.retryAfter] = "1"
                answer(problem, context: context)
                return
            }
            state = .inRequest
        case .inRequest:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), state == .inRequest { state = .idle }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A parse error while no request is with the application: nothing has been answered, so a problem can be.
        guard let parseError = error as? HTTPParserError, state == .idle || state == .readingHead else {
            context.fireErrorCaught(error)
            return
        }
        switch parseError {
        case .headerOverflow:
            answer(
                Problem(.headersTooLarge, detail: "the request line and header fields are larger than 80 KiB"),
                context: context)
        default:
            answer(.badRequest("the request is not HTTP/1.1 this server can read (\(parseError))"), context: context)
        }
    }

    /// The first byte of a request arrived (the watcher says so): its head now has `--header-timeout` to follow.
    private func requestBegan() {
        guard state == .idle, let context else { return }
        state = .readingHead
        let timeout = limits.headerTimeout
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .init(timeout)) { [weak self] in
            guard let self, self.state == .readingHead, let context = self.context else { return }
            self.answer(
                Problem(.requestTimeout, detail: "the request's head did not arrive within \(timeout)"),
                context: context)
        }
    }

    /// Writes `problem` as the connection's last response and closes it.
    private func answer(_ problem: Problem, context: ChannelHandlerContext) {
        state = .closing
        deadline?.cancel()
        deadline = nil
        let (document, body) = problem.document()
        var fields = document
        fields[.connection] = "close"
        fields[.contentLength] = String(body.readableBytes)
        let head = HTTPResponse(status: problem.status, headerFields: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// Sits in front of the HTTP parser and tells ``ConnectionGuard`` whenever bytes arrive (the guard only starts a
/// head's deadline when they are the first of a new request). It passes everything on untouched.
final class FirstByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let onBytes: () -> Void

    init(onBytes: @escaping () -> Void) {
        self.onBytes = onBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onBytes()
        context.fireChannelRead(data)
    }
}
